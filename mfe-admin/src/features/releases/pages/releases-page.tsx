import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatDateTime,
  Loading,
  useToast,
  PageHead,
  LoadFailed,
  useMarkUsable,
  TableScroll,
} from '@home-energy/shared';
import type { AdminRemoteReleases } from '@home-energy/shared/schemas/admin';
import { ConfirmButton, apiErrorBody } from '@home-energy/shared/ui/user-management';
import { TableHead } from '../../../components/table-head';
import { useActivateReleaseMutation, useListReleasesQuery } from '../api/releases-api';
import { CanaryActions, CanaryForm, ReleaseAudienceCell, ReleaseHealthCell, ReleaseSpeedCell } from './release-canary';
import { ReleaseTokens } from '../components/release-tokens';
import { ReleaseCompatibility } from '../components/release-compatibility';

const RELEASE_COLUMNS = [
  'version',
  'status',
  'audience',
  'health',
  'speed',
  'released',
  'activated',
  'compatibility',
] as const;

function useDate() {
  const { i18n } = useTranslation();
  return (value: string) => formatDateTime(value, i18n.language);
}

function RemoteReleases({
  remote,
  onActivated,
}: {
  remote: AdminRemoteReleases;
  onActivated: (remote: string, version: string) => void;
}) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const date = useDate();
  const [activate, { isLoading }] = useActivateReleaseMutation();
  const active = remote.releases.find((r) => r.active);
  const headingId = `releases-${remote.remote}`;

  async function activateVersion(version: string) {
    const result = await activate({ remote: remote.remote, version });
    if ('error' in result) toast(apiErrorBody(result.error)?.message ?? t('common.failed'), 'error');
    else {
      toast(t('releases.activated', { remote: remote.remote, version }));
      onActivated(remote.remote, version);
    }
  }

  return (
    <section className="he-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{remote.remote}</h2>
      <p className="he-section__intro">
        {active ? t('releases.activeVersion', { version: active.version }) : t('releases.noActive')}
      </p>
      {remote.releases.length === 0 ? (
        <p className="he-muted">{t('releases.empty', { remote: remote.remote })}</p>
      ) : (
        <TableScroll label={t('releases.caption', { remote: remote.remote })}>
          <table className="he-table" data-testid={`releases-${remote.remote}`}>
            <caption className="he-visually-hidden">{t('releases.caption', { remote: remote.remote })}</caption>
            <TableHead
              columns={RELEASE_COLUMNS.map((column) => t(`releases.columns.${column}`))}
              actions={t('releases.columns.actions')}
            />
            <tbody>
              {remote.releases.map((release) => {
                const older = !!active && release.releasedAt < active.releasedAt;
                const label = older ? t('releases.rollback') : t('releases.activate');
                return (
                  <tr key={release.version}>
                    <th scope="row">
                      <code className="he-id">{release.version}</code>
                    </th>
                    <td>
                      <span className={`he-badge ${release.active ? 'he-badge--ok' : 'he-badge--muted'}`}>
                        {release.active
                          ? t('releases.active')
                          : release.audience
                            ? t('releases.canary')
                            : t('releases.inactive')}
                      </span>
                    </td>
                    <td>
                      <ReleaseAudienceCell release={release} />
                    </td>
                    <td>
                      <ReleaseHealthCell release={release} />
                    </td>
                    <td>
                      <ReleaseSpeedCell release={release} />
                    </td>
                    <td>{t('releases.by', { when: date(release.releasedAt), who: release.releasedBy })}</td>
                    <td>
                      {release.activatedAt ? (
                        t('releases.by', { when: date(release.activatedAt), who: release.activatedBy ?? '' })
                      ) : (
                        <span className="he-muted">{t('releases.never')}</span>
                      )}
                    </td>
                    <td>
                      <ReleaseCompatibility release={release} />
                    </td>
                    <td>
                      {release.active ? null : release.compatible === false ? (
                        <span className="he-muted">{t('releases.cannotActivate')}</span>
                      ) : !release.pages && !release.audience ? (
                        // Built before pages travelled with releases: served, its pages would be unreachable.
                        <span className="he-muted">{t('releases.builtBeforePages')}</span>
                      ) : release.audience ? (
                        <>
                          <CanaryActions remote={remote.remote} release={release} onActivated={onActivated} />
                          <CanaryForm remote={remote.remote} release={release} />
                        </>
                      ) : (
                        <>
                          <ConfirmButton
                            label={label}
                            accessibleLabel={`${label}: ${release.version}`}
                            disabled={isLoading || release.compatible === null}
                            onConfirm={() => activateVersion(release.version)}
                          />
                          {older || release.compatible === null ? null : (
                            <CanaryForm remote={remote.remote} release={release} />
                          )}
                        </>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

/**
 * /console/admin/releases: every remote's versions, the active one, canaries with their audience, health and speed,
 * rollback.
 */
export function ReleasesPage() {
  const { t } = useTranslation('admin');
  const date = useDate();
  const releases = useListReleasesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [activated, setActivated] = useState<{ remote: string; version: string } | null>(null);
  const data = releases.data;
  useMarkUsable(!!data);
  return (
    <div className="he-stack">
      <PageHead title={t('pages.releases.title')} intro={t('pages.releases.intro')} />
      {activated ? (
        <div className="he-notice" role="status">
          <p style={{ marginTop: 0 }}>{t('releases.reloadHint', activated)}</p>
          <button type="button" className="he-button" onClick={() => window.location.reload()}>
            {t('releases.reload')}
          </button>
        </div>
      ) : null}
      {releases.isError && !data ? (
        <LoadFailed error={releases.error} onRetry={() => void releases.refetch()} />
      ) : !data ? (
        <Loading />
      ) : (
        <>
          {data.shell ? (
            // What the shell provides, folded: a dozen package names read badly as one line on a phone.
            <details className="he-muted">
              <summary>
                {t('releases.shellSummary', {
                  count: data.shell.shared.length,
                  runtime: t('releases.shellRuntime', { version: data.shell.runtime ?? t('releases.unknownVersion') }),
                })}
              </summary>
              <ul>
                {data.shell.shared.map((s) => (
                  <li key={s.name}>
                    <code>{s.name}</code> {s.version}
                  </li>
                ))}
              </ul>
            </details>
          ) : (
            <p className="he-alert" role="alert">
              {t('releases.shellMissing')}
            </p>
          )}
          {data.remotes.map((remote) => (
            <RemoteReleases
              key={remote.remote}
              remote={remote}
              onActivated={(r, version) => setActivated({ remote: r, version })}
            />
          ))}
        </>
      )}
      {/* Below the releases, which are far taller than their loading state: shown once they are, so it never moves. */}
      {data || releases.isError ? <ReleaseTokens date={date} /> : null}
    </div>
  );
}
