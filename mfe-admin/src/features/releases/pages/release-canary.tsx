import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@home-energy/shared';
import type { AdminRelease, ReleaseAudience } from '@home-energy/shared/schemas/admin';
import { ConfirmButton, apiErrorBody } from '@home-energy/shared/ui/user-management';
import { useListOrganisationsQuery } from '../../organisations/api/organisations-api';
import { useRollbackCanaryMutation, useSetReleaseAudienceMutation } from '../api/releases-api';
import { useSpeedFormat } from '../../speed/lib/speed-format';

/** Why a canary was rolled back, in words; a verdict without a reason is from before speed counted: errors. */
const ROLLED_BACK_BECAUSE = {
  errors: 'releases.verdictRolledBack',
  speed: 'releases.verdictRolledBackSpeed',
  manual: 'releases.verdictRolledBackManual',
} as const;

/**
 * Who gets the release: everyone (active), a canary audience, or nobody; and the automatic verdict when there is one.
 */
export function ReleaseAudienceCell({ release }: { release: AdminRelease }) {
  const { t } = useTranslation('admin');
  const { audience, verdict } = release;
  return (
    <>
      {release.active ? (
        <span className="he-badge he-badge--ok">{t('releases.everyone')}</span>
      ) : audience ? (
        <span className="he-badge">
          {audience.kind === 'brand'
            ? t('releases.audienceBrand', { brand: audience.brand })
            : t('releases.audiencePercent', { percent: audience.percent })}
        </span>
      ) : (
        <span className="he-muted">{t('releases.nobody')}</span>
      )}
      {verdict ? (
        <div className={verdict.result === 'rolled-back' ? 'he-field__error' : 'he-muted'}>
          {verdict.result === 'rolled-back'
            ? t(ROLLED_BACK_BECAUSE[verdict.reason ?? 'errors'])
            : t('releases.verdictHealthy')}
        </div>
      ) : null}
    </>
  );
}

/** Sessions that loaded the release, and those that reported a load or render error. */
export function ReleaseHealthCell({ release }: { release: AdminRelease }) {
  const { t } = useTranslation('admin');
  const { sessions, failedSessions, errors } = release.health;
  if (sessions === 0) return <span className="he-muted">{t('releases.noSessions')}</span>;
  return (
    <span className={failedSessions > 0 ? 'he-field__error' : undefined}>
      {t('releases.health', {
        sessions: t('releases.healthSessions', { count: sessions }),
        failed: failedSessions,
        errors: t('releases.healthErrors', { count: errors }),
        rate: Math.round((failedSessions / sessions) * 100),
      })}
    </span>
  );
}

/** Its users' p75 usable time and INP over the speed view's default window, and how many page views reported them. */
export function ReleaseSpeedCell({ release }: { release: AdminRelease }) {
  const { t } = useTranslation('admin');
  const format = useSpeedFormat();
  const { reports, usableP75, inpP75 } = release.speed;
  if (reports === 0) return <span className="he-muted">{t('releases.noSpeedReports')}</span>;
  const figures = [
    usableP75 === null ? null : t('releases.speedUsable', { value: format.ms(usableP75) }),
    inpP75 === null ? null : t('releases.speedInp', { value: format.ms(inpP75) }),
  ].filter((figure) => figure !== null);
  return (
    <span>
      {figures.join(' · ')} {t('releases.speedReports', { count: reports, reports: format.count(reports) })}
    </span>
  );
}

/** A canary's actions: promote to everyone, or roll back (nobody gets it any more). */
export function CanaryActions({
  remote,
  release,
  onActivated,
}: {
  remote: string;
  release: AdminRelease;
  onActivated: (remote: string, version: string) => void;
}) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const [setAudience, promoting] = useSetReleaseAudienceMutation();
  const [rollback, rollingBack] = useRollbackCanaryMutation();
  const busy = promoting.isLoading || rollingBack.isLoading;

  async function promote() {
    const result = await setAudience({ remote, version: release.version, audience: { kind: 'everyone' } });
    if ('error' in result) toast(apiErrorBody(result.error)?.message ?? t('common.failed'), 'error');
    else {
      toast(t('releases.activated', { remote, version: release.version }));
      onActivated(remote, release.version);
    }
  }
  async function rollBack() {
    const result = await rollback({ remote, version: release.version });
    if ('error' in result) toast(apiErrorBody(result.error)?.message ?? t('common.failed'), 'error');
    else toast(t('releases.canaryRolledBack', { remote, version: release.version }));
  }
  return (
    <div className="he-actions">
      <ConfirmButton
        label={t('releases.promote')}
        accessibleLabel={`${t('releases.promote')}: ${release.version}`}
        disabled={busy}
        onConfirm={promote}
      />
      <ConfirmButton
        label={t('releases.rollbackCanary')}
        accessibleLabel={`${t('releases.rollbackCanary')}: ${release.version}`}
        danger
        disabled={busy}
        onConfirm={rollBack}
      />
    </div>
  );
}

/** Starts (or changes) a canary: one organisation's brand, or a share of sessions. */
export function CanaryForm({ remote, release }: { remote: string; release: AdminRelease }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const id = useId();
  const organisations = useListOrganisationsQuery();
  const [setAudience, { isLoading }] = useSetReleaseAudienceMutation();
  const [kind, setKind] = useState<'percent' | 'brand'>(release.audience?.kind ?? 'percent');
  const [percent, setPercent] = useState(String(release.audience?.kind === 'percent' ? release.audience.percent : 10));
  const [brand, setBrand] = useState(release.audience?.kind === 'brand' ? release.audience.brand : '');
  const [error, setError] = useState<string | null>(null);
  const brands = [
    ...new Set((organisations.data?.organisations ?? []).filter((o) => o.active).map((o) => o.brand)),
  ].sort();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const share = Number(percent);
    if (kind === 'percent' && !(Number.isInteger(share) && share >= 1 && share <= 99))
      return setError(t('releases.percentInvalid'));
    if (kind === 'brand' && !brand) return setError(t('releases.brandMissing'));
    setError(null);
    const audience: ReleaseAudience = kind === 'percent' ? { kind, percent: share } : { kind, brand };
    const result = await setAudience({ remote, version: release.version, audience });
    if ('error' in result) setError(apiErrorBody(result.error)?.message ?? t('common.failed'));
    else toast(t('releases.canaryStarted', { remote, version: release.version }));
  }

  return (
    <details className="he-details">
      <summary>{release.audience ? t('releases.changeAudience') : t('releases.startCanary')}</summary>
      <form
        className="he-form"
        noValidate
        onSubmit={submit}
        aria-label={t('releases.canaryFor', { version: release.version })}
      >
        <fieldset className="he-field">
          <legend>{t('releases.audience')}</legend>
          <label className="he-check">
            <input type="radio" name={`${id}-kind`} checked={kind === 'percent'} onChange={() => setKind('percent')} />
            {t('releases.kindPercent')}
          </label>
          <label className="he-check">
            <input type="radio" name={`${id}-kind`} checked={kind === 'brand'} onChange={() => setKind('brand')} />
            {t('releases.kindBrand')}
          </label>
        </fieldset>
        {kind === 'percent' ? (
          <div className="he-field">
            <label htmlFor={`${id}-percent`}>{t('releases.percent')}</label>
            <input
              id={`${id}-percent`}
              type="number"
              min={1}
              max={99}
              step={1}
              inputMode="numeric"
              value={percent}
              onChange={(e) => setPercent(e.target.value)}
              aria-invalid={!!error}
            />
          </div>
        ) : (
          <div className="he-field">
            <label htmlFor={`${id}-brand`}>{t('releases.brand')}</label>
            <select id={`${id}-brand`} value={brand} onChange={(e) => setBrand(e.target.value)} aria-invalid={!!error}>
              <option value="">
                {organisations.isLoading ? t('releases.brandsLoading') : t('releases.brandChoose')}
              </option>
              {brands.map((b) => (
                <option key={b} value={b}>
                  {b}
                </option>
              ))}
            </select>
          </div>
        )}
        {error ? (
          <p className="he-field__error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="he-button" disabled={isLoading}>
          {t('releases.setAudience')}
        </button>
      </form>
    </details>
  );
}
