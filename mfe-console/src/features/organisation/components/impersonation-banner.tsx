import { useState } from 'react';
import { useNavigate } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import { stopImpersonating, useToast } from '@home-energy/shared';

/**
 * docs/product.md §2: while a super admin impersonates an organisation, every console page says so, with a way out that
 * ends the impersonation and goes to /admin (the shell sends that to the admin home).
 */
export function ImpersonationBanner({ name }: { name: string }) {
  const { t } = useTranslation('console');
  const toast = useToast();
  const navigate = useNavigate();
  const [stopping, setStopping] = useState(false);

  async function stop() {
    setStopping(true);
    try {
      await stopImpersonating();
      navigate('/admin');
    } catch (error) {
      setStopping(false);
      toast(error instanceof Error ? error.message : t('impersonation.stopFailed'), 'error');
    }
  }

  return (
    <div className="he-impersonation-banner" role="region" aria-label={t('impersonation.label')}>
      <p>{t('impersonation.banner', { name })}</p>
      <button type="button" className="he-button he-button--small" disabled={stopping} onClick={() => void stop()}>
        {t('impersonation.stop')}
      </button>
    </div>
  );
}
