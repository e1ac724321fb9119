import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading, useToast, LoadFailed, TableScroll } from '@home-energy/shared';
import { REMOTES } from '@home-energy/shared/remotes';
import type { AdminReleaseTokenCreated } from '@home-energy/shared/schemas/admin';
import { ConfirmButton, apiErrorBody } from '@home-energy/shared/ui/user-management';
import { TableHead } from '../../../components/table-head';
import {
  useCreateReleaseTokenMutation,
  useListReleaseTokensQuery,
  useRevokeReleaseTokenMutation,
} from '../api/releases-api';
import { releaseTokenCreateSchema } from '@home-energy/shared/schemas/admin';
import { maxLengthOf } from '@home-energy/shared/schemas/limits';

const LABEL_MAX = maxLengthOf(releaseTokenCreateSchema.shape.label);

const TOKEN_COLUMNS = ['label', 'remote', 'created', 'lastUsed', 'status'] as const;

/** The new token, shown once: focus moves here so it is not missed, and it can be copied. */
function NewToken({ created, onDone }: { created: AdminReleaseTokenCreated; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [created.token]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.token);
      toast(t('releaseTokens.copied'));
    } catch {
      toast(t('releaseTokens.copyFailed'), 'error');
    }
  }
  return (
    <section className="he-notice" aria-labelledby="new-release-token-title">
      <h3 id="new-release-token-title" ref={heading} tabIndex={-1}>
        {t('releaseTokens.newTitle', { remote: created.remote, label: created.label })}
      </h3>
      <p>{t('releaseTokens.newText')}</p>
      <p>
        <code className="he-secret" data-testid="release-token-value">
          {created.token}
        </code>
      </p>
      <p className="he-muted">{t('releaseTokens.usage', { remote: created.remote })}</p>
      <div className="he-actions">
        <button type="button" className="he-button he-button--secondary" onClick={() => void copy()}>
          {t('releaseTokens.copy')}
        </button>
        <button type="button" className="he-button" onClick={onDone}>
          {t('releaseTokens.done')}
        </button>
      </div>
    </section>
  );
}

function CreateToken({ onCreated }: { onCreated: (created: AdminReleaseTokenCreated) => void }) {
  const { t } = useTranslation('admin');
  const [create, { isLoading }] = useCreateReleaseTokenMutation();
  const [remote, setRemote] = useState<string>(REMOTES[0].package);
  const [label, setLabel] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!label.trim()) return setFailure(t('releaseTokens.labelMissing'));
    setFailure(null);
    const result = await create({ remote, label: label.trim() });
    if ('error' in result) return setFailure(apiErrorBody(result.error)?.message ?? t('common.failed'));
    setLabel('');
    onCreated(result.data);
  }
  return (
    <form className="he-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('releaseTokens.create')}>
      <div className="he-form-grid">
        <div className="he-field">
          <label htmlFor="release-token-remote">{t('releaseTokens.remote')}</label>
          <select id="release-token-remote" value={remote} onChange={(e) => setRemote(e.target.value)}>
            {REMOTES.map((r) => (
              <option key={r.package} value={r.package}>
                {r.package}
              </option>
            ))}
          </select>
        </div>
        <div className="he-field">
          <label htmlFor="release-token-label">{t('releaseTokens.label')}</label>
          <input
            id="release-token-label"
            type="text"
            autoComplete="off"
            maxLength={LABEL_MAX}
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            aria-invalid={failure ? true : undefined}
            aria-describedby={failure ? 'release-token-error' : undefined}
          />
        </div>
      </div>
      {failure ? (
        <p id="release-token-error" className="he-alert" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="he-actions">
        <button type="submit" className="he-button" disabled={isLoading}>
          {isLoading ? t('releaseTokens.creating') : t('releaseTokens.create')}
        </button>
      </div>
    </form>
  );
}

/** The tokens teams release with from their own CI: made here (shown once), listed, revoked. */
export function ReleaseTokens({ date }: { date: (value: string) => string }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const tokens = useListReleaseTokensQuery(undefined, { refetchOnMountOrArgChange: true });
  const [revoke, { isLoading: revoking }] = useRevokeReleaseTokenMutation();
  const [created, setCreated] = useState<AdminReleaseTokenCreated | null>(null);
  async function revokeToken(id: number, label: string) {
    const result = await revoke(id);
    if ('error' in result) toast(apiErrorBody(result.error)?.message ?? t('common.failed'), 'error');
    else toast(t('releaseTokens.revoked', { label }));
  }
  return (
    <section className="he-section" aria-labelledby="release-tokens-title">
      <h2 id="release-tokens-title">{t('releaseTokens.title')}</h2>
      <p className="he-section__intro">{t('releaseTokens.intro')}</p>
      {created ? (
        <NewToken created={created} onDone={() => setCreated(null)} />
      ) : (
        <CreateToken onCreated={setCreated} />
      )}
      {tokens.isError && !tokens.data ? (
        <LoadFailed error={tokens.error} onRetry={() => void tokens.refetch()} />
      ) : !tokens.data ? (
        <Loading />
      ) : tokens.data.tokens.length === 0 ? (
        <p className="he-muted">{t('releaseTokens.empty')}</p>
      ) : (
        <TableScroll label={t('releaseTokens.title')}>
          <table className="he-table">
            <caption className="he-visually-hidden">{t('releaseTokens.title')}</caption>
            <TableHead
              columns={TOKEN_COLUMNS.map((column) => t(`releaseTokens.columns.${column}`))}
              actions={t('releases.columns.actions')}
            />
            <tbody>
              {tokens.data.tokens.map((token) => (
                <tr key={token.id}>
                  <th scope="row">{token.label}</th>
                  <td>
                    <code>{token.remote}</code>
                  </td>
                  <td>{t('releases.by', { when: date(token.createdAt), who: token.createdBy })}</td>
                  <td>
                    {token.lastUsedAt ? (
                      date(token.lastUsedAt)
                    ) : (
                      <span className="he-muted">{t('releases.never')}</span>
                    )}
                  </td>
                  <td>
                    {token.revokedAt ? (
                      <span className="he-badge he-badge--muted">
                        {t('releaseTokens.revokedBy', { when: date(token.revokedAt), who: token.revokedBy ?? '' })}
                      </span>
                    ) : (
                      <span className="he-badge he-badge--ok">{t('releaseTokens.valid')}</span>
                    )}
                  </td>
                  <td>
                    {token.revokedAt ? null : (
                      <ConfirmButton
                        label={t('releaseTokens.revoke')}
                        accessibleLabel={`${t('releaseTokens.revoke')}: ${token.label}`}
                        danger
                        disabled={revoking}
                        onConfirm={() => revokeToken(token.id, token.label)}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
