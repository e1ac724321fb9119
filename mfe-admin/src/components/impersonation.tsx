import { useState } from 'react';
import { Link, useNavigate } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import { startImpersonating, stopImpersonating, useSession, useToast } from '@home-energy/shared';
import { organisationPath } from '@home-energy/shared/mfe/pages';

/** "Impersonate": the session starts carrying the organisation, then its console opens (with the banner). */
export function ImpersonateButton({
  slug,
  name,
  disabled = false,
  small = true,
}: {
  slug: string;
  name: string;
  disabled?: boolean;
  small?: boolean;
}) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const navigate = useNavigate();
  const [starting, setStarting] = useState(false);
  async function impersonate() {
    setStarting(true);
    try {
      const organisation = await startImpersonating(slug);
      navigate(organisationPath(organisation.slug));
    } catch (error) {
      setStarting(false);
      toast(error instanceof Error ? error.message : t('common.failed'), 'error');
    }
  }
  return (
    <button
      type="button"
      className={`he-button ${small ? 'he-button--small' : ''}`}
      disabled={disabled || starting}
      aria-label={t('impersonation.impersonateNamed', { name })}
      onClick={() => void impersonate()}
    >
      {starting ? t('impersonation.starting') : t('impersonation.impersonate')}
    </button>
  );
}

/** Shown on the admin pages while impersonating: which organisation, a way into its console and a way out. */
export function ImpersonationNotice() {
  const { t } = useTranslation('admin');
  const { data } = useSession();
  const toast = useToast();
  const [stopping, setStopping] = useState(false);
  const impersonating = data?.user.impersonating;
  if (!impersonating) return null;
  async function stop() {
    setStopping(true);
    try {
      await stopImpersonating();
      toast(t('impersonation.stopped'));
    } catch (error) {
      toast(error instanceof Error ? error.message : t('common.failed'), 'error');
    } finally {
      setStopping(false);
    }
  }
  return (
    <div className="he-notice he-notice--row" role="region" aria-label={t('impersonation.region')}>
      <span>{t('impersonation.active', { name: impersonating.name })}</span>
      <span className="he-actions">
        <Link className="he-button he-button--small he-button--secondary" to={organisationPath(impersonating.slug)}>
          {t('impersonation.openConsole')}
        </Link>
        <button type="button" className="he-button he-button--small" disabled={stopping} onClick={() => void stop()}>
          {t('impersonation.stop')}
        </button>
      </span>
    </div>
  );
}
