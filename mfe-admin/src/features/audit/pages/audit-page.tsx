import { useState, type FormEvent } from 'react';
import { useSearchParams } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import { formatDateTime, Loading, PageHead, LoadFailed, Pager, TableScroll, useMarkUsable } from '@home-energy/shared';
import { useListOrganisationsQuery } from '../../organisations/api/organisations-api';
import { useListAuditQuery } from '../api/audit-api';
import { useListConsoleUsersQuery } from '@home-energy/shared/ui/user-management';

const PAGE_SIZE = 25;
const FILTERS = ['organisation', 'user', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];

/** A day the user picked (their own time zone) as the ISO time it starts at; `after` gives the next day's start. */
function dayStart(day: string, after = false): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d + (after ? 1 : 0)).toISOString();
}

/** /console/admin/audit: who did what, when, in which organisation; filters and page live in the address. */
export function AuditPage() {
  const { t, i18n } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const applied = Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])) as Record<Filter, string>;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(applied);
  const organisations = useListOrganisationsQuery();
  const users = useListConsoleUsersQuery({ scope: { kind: 'platform' } });
  const audit = useListAuditQuery(
    {
      organisation: applied.organisation || undefined,
      user: applied.user ? Number(applied.user) : undefined,
      from: dayStart(applied.from),
      to: dayStart(applied.to, true),
      page,
      pageSize: PAGE_SIZE,
    },
    { refetchOnMountOrArgChange: true },
  );
  const data = audit.currentData ?? audit.data;
  useMarkUsable(data !== undefined);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered = FILTERS.some((f) => applied[f]);

  function go(next: Record<Filter, string>, nextPage = 1) {
    const search = new URLSearchParams();
    for (const f of FILTERS) if (next[f]) search.set(f, next[f]);
    if (nextPage > 1) search.set('page', String(nextPage));
    setParams(search);
  }
  function apply(event: FormEvent) {
    event.preventDefault();
    go(draft);
  }
  function clear() {
    const empty = { organisation: '', user: '', from: '', to: '' };
    setDraft(empty);
    go(empty);
  }
  const set = (field: Filter) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));

  return (
    <div className="he-stack">
      <PageHead title={t('pages.audit.title')} intro={t('pages.audit.intro')} />
      <section className="he-section" aria-labelledby="audit-filters-title">
        <h2 id="audit-filters-title">{t('audit.filters')}</h2>
        <form className="he-form" onSubmit={apply}>
          <div className="he-form-grid">
            <div className="he-field">
              <label htmlFor="audit-organisation">{t('audit.organisation')}</label>
              <select
                id="audit-organisation"
                value={draft.organisation}
                onChange={(e) => set('organisation')(e.target.value)}
              >
                <option value="">{t('audit.any')}</option>
                {(organisations.data?.organisations ?? []).map((o) => (
                  <option key={o.slug} value={o.slug}>
                    {o.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="he-field">
              <label htmlFor="audit-user">{t('audit.user')}</label>
              <select id="audit-user" value={draft.user} onChange={(e) => set('user')(e.target.value)}>
                <option value="">{t('audit.any')}</option>
                {(users.data?.users ?? []).map((u) => (
                  <option key={u.id} value={String(u.id)}>
                    {u.name} ({u.email})
                  </option>
                ))}
              </select>
            </div>
            <div className="he-field">
              <label htmlFor="audit-from">{t('audit.from')}</label>
              <input
                id="audit-from"
                type="date"
                value={draft.from}
                max={draft.to || undefined}
                onChange={(e) => set('from')(e.target.value)}
              />
            </div>
            <div className="he-field">
              <label htmlFor="audit-to">{t('audit.to')}</label>
              <input
                id="audit-to"
                type="date"
                value={draft.to}
                min={draft.from || undefined}
                onChange={(e) => set('to')(e.target.value)}
              />
            </div>
          </div>
          <div className="he-actions">
            <button type="submit" className="he-button">
              {t('audit.apply')}
            </button>
            {filtered ? (
              <button type="button" className="he-button he-button--secondary" onClick={clear}>
                {t('audit.clear')}
              </button>
            ) : null}
          </div>
        </form>
      </section>
      <section className="he-section" aria-labelledby="audit-entries-title">
        <h2 id="audit-entries-title" className="he-visually-hidden">
          {t('audit.caption')}
        </h2>
        {audit.isError && !data ? (
          <LoadFailed error={audit.error} onRetry={() => void audit.refetch()} />
        ) : !data ? (
          <Loading />
        ) : data.entries.length === 0 ? (
          <p className="he-muted">{filtered ? t('audit.noMatch') : t('audit.empty')}</p>
        ) : (
          <>
            <TableScroll label={t('audit.caption')}>
              <table className="he-table">
                <caption className="he-visually-hidden">{t('audit.caption')}</caption>
                <thead>
                  <tr>
                    {(['when', 'who', 'organisation', 'action', 'target', 'details'] as const).map((column) => (
                      <th key={column} scope="col">
                        {t(`audit.columns.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.entries.map((entry) => (
                    <tr key={entry.id}>
                      <th scope="row">
                        <time dateTime={entry.createdAt}>
                          {formatDateTime(entry.createdAt, i18n.language, { seconds: true })}
                        </time>
                      </th>
                      <td>
                        {entry.actor.name ?? entry.actor.email}
                        <div className="he-muted">{entry.actor.email}</div>
                      </td>
                      <td>
                        {entry.organisation?.name ?? <span className="he-muted">{t('common.none')}</span>}
                        {entry.impersonating ? (
                          <div>
                            <span className="he-badge">
                              {t('audit.impersonating', { name: entry.impersonating.name })}
                            </span>
                          </div>
                        ) : null}
                      </td>
                      <td>{t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}</td>
                      <td>
                        <code className="he-id">{entry.target}</code>
                      </td>
                      <td>
                        {Object.keys(entry.details).length > 0 ? (
                          <details className="he-details">
                            <summary>{t('audit.showDetails')}</summary>
                            <pre>{JSON.stringify(entry.details, null, 2)}</pre>
                          </details>
                        ) : (
                          <span className="he-muted">{t('common.none')}</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            <Pager
              label={t('audit.caption')}
              position={t('audit.page', { page: data.page, pages, count: data.total })}
              page={page}
              pages={pages}
              onPage={(to) => go(applied, to)}
              previous={t('audit.previous')}
              next={t('audit.next')}
            />
          </>
        )}
      </section>
    </div>
  );
}
