import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  Loading,
  PrivacyNoticeLink,
  useGetProfileQuery,
  useToast,
  type Activity,
} from '@home-energy/shared';
// A deep import, bundled into this remote: the check does not depend on the shell's copy of shared being new.
import { safeHref, safeImageSrc } from '@home-energy/shared/schemas/url-checks';
import { measureTextKey } from '@home-energy/shared/energy/measure-names';
import { useGetInstallersQuery, useSendInstallerRequestsMutation } from '../api/installers-api';
import { statusOf } from '../../../lib/error-status';

const ContactStep = lazy(() => import('./contact-step'));

/** The installer's logo, or its initials when the picture cannot be loaded. */
function InstallerLogo({ src, name }: { src: string; name: string }) {
  const [failed, setFailed] = useState(false);
  // Only an http(s) URL or a path on this site is loaded (shared/src/schemas/url-checks.ts), whatever the server sent.
  const safeSrc = safeImageSrc(src);
  if (failed || !safeSrc) {
    const initials = name
      .split(/\s+/)
      .slice(0, 2)
      .map((word) => word[0]?.toUpperCase() ?? '')
      .join('');
    return (
      <span className="rd-installers__initials" aria-hidden="true">
        {initials}
      </span>
    );
  }
  return <img src={safeSrc} alt="" width={32} height={32} loading="lazy" onError={() => setFailed(true)} />;
}

/** The readable message of a BFF error answer ({ error, message }), if it has one. */
function messageOf(error: unknown): string | undefined {
  const data = error && typeof error === 'object' && 'data' in error ? (error as { data: unknown }).data : undefined;
  const message = data && typeof data === 'object' && 'message' in data ? data.message : undefined;
  return typeof message === 'string' ? message : undefined;
}

/** The BFF refused the measure itself (`body.key`): this home no longer has it as one installers are offered for. */
function refusesMeasure(error: unknown): boolean {
  const data = error && typeof error === 'object' && 'data' in error ? (error as { data: unknown }).data : undefined;
  const issues = data && typeof data === 'object' && 'issues' in data ? data.issues : undefined;
  return Array.isArray(issues) && issues.some((i: { path?: unknown }) => i?.path === 'body.key');
}

const installersView = <T,>({ data, isLoading, isError }: { data?: T; isLoading: boolean; isError: boolean }) => ({
  data,
  isLoading,
  isError,
});

/**
 * "Contact installers" on a recommendation: choose among the installers the home's organisation offers and send the
 * request (a signed-in homeowner's; without a session the shared API sends the browser to /sign and back).
 */
export function InstallerRequest({ propertyId, activity }: { propertyId: number; activity: Activity }) {
  const { t, i18n } = useTranslation('results');
  const toast = useToast();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  // Loaded with the card (one request per home, shared by every card): the status line needs the requests. Only what
  // is read here is selected, so the fetch's other steps re-render no card.
  const installers = useGetInstallersQuery(propertyId, { selectFromResult: installersView });
  const [send, sending] = useSendInstallerRequestsMutation();
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const [needContact, setNeedContact] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Once a request is sent: whether the homeowner's email still waits for its confirmation (the profile says).
  const [justSent, setJustSent] = useState(false);
  const profile = useGetProfileQuery(undefined, { skip: !justSent });
  const unconfirmed = justSent && profile.data?.contact?.email && !profile.data.contact.email_verified;

  const sent = (installers.data?.requests ?? []).filter((r) => r.key === activity.name);
  const requested = new Map(
    (installers.data?.requests ?? []).filter((r) => r.key === activity.name).map((r) => [r.installer, r.requested_at]),
  );
  const selected = chosen ?? new Set(requested.keys());
  // The installers that do this measure (absent or null measures: every one), and any already asked, to withdraw.
  const offered = (installers.data?.installers ?? []).filter(
    (i) => !i.measures || i.measures.includes(activity.name) || requested.has(i.identifier),
  );

  function toggle(identifier: string) {
    const next = new Set(selected);
    if (next.has(identifier)) next.delete(identifier);
    else next.add(identifier);
    setChosen(next);
  }

  async function submit() {
    if (selected.size === 0 && requested.size === 0) {
      setProblem(t('installers.chooseOne'));
      return;
    }
    setProblem(null);
    try {
      await send({
        id: propertyId,
        selections: offered.map((i) => ({
          installer: i.identifier,
          key: activity.name,
          selected: selected.has(i.identifier),
        })),
      }).unwrap();
      setNeedContact(false);
      setChosen(null);
      toast(selected.size > 0 ? t('installers.sent', { count: selected.size }) : t('installers.withdrawn'));
      if (selected.size > 0) setJustSent(true);
    } catch (error) {
      const status = statusOf(error);
      if (status === 409) setNeedContact(true);
      // The day's limit (429) is said as the BFF words it; a measure this home no longer has (400) is named in words
      // (the BFF's own message names it by its key).
      else if (status === 429) setProblem(messageOf(error) ?? t('installers.failed'));
      else if (status === 400 && refusesMeasure(error))
        setProblem(t('installers.notOffered', { measure: t(measureTextKey(activity.name)) }));
      else if (status !== 401) setProblem(t('installers.failed'));
    }
  }

  return (
    <div className="rd-installers">
      {sent.length > 0 ? (
        <p className="rd-installers__status" data-testid="request-status">
          {sent
            .map((r) =>
              t('installers.statusLine', { name: r.installer_name, status: t(`installers.statuses.${r.status}`) }),
            )
            .join(' · ')}
        </p>
      ) : null}
      {unconfirmed ? (
        <p className="rd-installers__status" role="status">
          {t('installers.unconfirmed', { email: profile.data!.contact!.email })}
        </p>
      ) : null}
      <button
        type="button"
        className="he-button he-button--secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        {t('installers.open')}
      </button>
      <div id={panelId} hidden={!open} className="rd-installers__panel">
        {!open ? null : installers.isLoading ? (
          <Loading />
        ) : installers.isError ? (
          <p role="alert">{t('installers.loadFailed')}</p>
        ) : offered.length === 0 ? (
          <p>{t('installers.none')}</p>
        ) : (
          <fieldset className="rd-installers__list">
            <legend>{t('installers.choose')}</legend>
            {/* Before anything is shared: what goes to the installer, and the notice that says the rest. */}
            <p className="rd-muted">{t('installers.shareNote')}</p>
            <PrivacyNoticeLink className="rd-muted" />
            {offered.map((installer) => (
              <label key={installer.identifier} className="rd-installers__item">
                <input
                  type="checkbox"
                  checked={selected.has(installer.identifier)}
                  onChange={() => toggle(installer.identifier)}
                />
                <InstallerLogo src={installer.logo} name={installer.name} />
                <span>
                  {installer.name}
                  {requested.has(installer.identifier) ? (
                    <small className="rd-muted">
                      {' '}
                      ·{' '}
                      {t('installers.requestedOn', {
                        date: formatDate(requested.get(installer.identifier)!, i18n.language),
                      })}
                    </small>
                  ) : null}
                </span>
                {/* A link only to an http(s) URL: a javascript: or data: URL the server let through is not
                   rendered. */}
                {safeHref(installer.url) ? (
                  <a
                    href={safeHref(installer.url)}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('installers.website', { name: installer.name })}
                  >
                    ↗
                  </a>
                ) : null}
              </label>
            ))}
            {problem ? (
              <p className="rd-form__status rd-form__status--error" role="alert">
                {problem}
              </p>
            ) : null}
            {needContact ? (
              <Suspense fallback={<Loading />}>
                <ContactStep onSaved={() => void submit()} />
              </Suspense>
            ) : (
              <button type="button" className="he-button" disabled={sending.isLoading} onClick={() => void submit()}>
                {sending.isLoading ? t('installers.sending') : t('installers.send')}
              </button>
            )}
          </fieldset>
        )}
      </div>
    </div>
  );
}
