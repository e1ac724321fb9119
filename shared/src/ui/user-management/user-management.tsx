import { Fragment, useDeferredValue, useState } from 'react';
import { Loading, TableScroll } from '@home-energy/shared';
import { formatDateTime } from '../../format/date';
import type { ConsoleUser, ConsoleUserWithPassword } from '../../schemas/admin';
import { useListConsoleUsersQuery, type UserScope } from './api';
import { CreateUserForm, type OrganisationOption } from './create-user-form';
import { OneTimePassword } from './one-time-password';
import { useUserManagementTranslation } from './texts';
import { UserActions } from './user-actions';
import './admin-ui.css';

export interface UserManagementProps {
  scope: UserScope;
  /** The signed-in user's session id: their own row says "you" and cannot deactivate itself. */
  currentUserId: string;
  /** The super admin's scope: organisations to filter by and to add users to. */
  organisations?: OrganisationOption[];
  /** The super admin's scope: the organisation filter to start with (e.g. from ?organisation=). */
  initialOrganisation?: string;
}

function formatWhen(value: string | null, language: string, never: string): string {
  return value ? formatDateTime(value, language) : never;
}

function Memberships({ user, scope }: { user: ConsoleUser; scope: UserScope }) {
  const { t } = useUserManagementTranslation();
  if (user.memberships.length === 0) return <span className="he-muted">{t('noMemberships')}</span>;
  if (scope.kind === 'organisation') return <>{t(`roles.${user.memberships[0].role}`)}</>;
  return (
    <ul className="he-list-plain">
      {user.memberships.map((m) => (
        <li key={m.organisation}>
          {m.organisationName} – {t(`roles.${m.role}`)}
        </li>
      ))}
    </ul>
  );
}

/**
 * Console user management, the same component in the super admin's pages (every user, every organisation) and in an
 * organisation's console (its own users): add users with a one-time password, roles, membership, password reset,
 * deactivation. The server applies the rules (scope, last admin); the page shows its messages.
 */
export function UserManagement({
  scope,
  currentUserId,
  organisations = [],
  initialOrganisation = '',
}: UserManagementProps) {
  const { t, i18n } = useUserManagementTranslation();
  const [organisation, setOrganisation] = useState(initialOrganisation);
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const [open, setOpen] = useState<number | null>(null);
  const [password, setPassword] = useState<ConsoleUserWithPassword | null>(null);
  const users = useListConsoleUsersQuery({
    scope,
    organisation: scope.kind === 'platform' ? organisation || undefined : undefined,
    q: q || undefined,
  });
  const list = users.currentData?.users ?? users.data?.users;
  const filtered = !!organisation || !!q;
  const columns = 6;

  return (
    <div className="he-stack">
      {password ? (
        <OneTimePassword
          name={password.user.name}
          email={password.user.email}
          password={password.oneTimePassword}
          onDone={() => setPassword(null)}
        />
      ) : null}
      <section className="he-section" aria-labelledby="add-user-title">
        <h2 id="add-user-title">{t('add.title')}</h2>
        <p className="he-section__intro">{t('add.intro')}</p>
        <CreateUserForm scope={scope} organisations={organisations} onCreated={setPassword} />
      </section>
      <section className="he-section" aria-labelledby="users-title">
        <h2 id="users-title">{t('list.title')}</h2>
        {scope.kind === 'platform' ? (
          <div className="he-form-grid" style={{ marginBottom: '0.75rem' }}>
            <div className="he-field">
              <label htmlFor="users-organisation">{t('list.filterOrganisation')}</label>
              <select id="users-organisation" value={organisation} onChange={(e) => setOrganisation(e.target.value)}>
                <option value="">{t('list.allOrganisations')}</option>
                {organisations.map((o) => (
                  <option key={o.slug} value={o.slug}>
                    {o.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="he-field">
              <label htmlFor="users-search">{t('list.search')}</label>
              <input id="users-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
            </div>
          </div>
        ) : null}
        {users.isError && !list ? (
          <div className="he-alert" role="alert">
            <p style={{ margin: '0 0 0.5rem' }}>{t('list.loadFailed')}</p>
            <button type="button" className="he-button he-button--small" onClick={() => void users.refetch()}>
              {t('list.retry')}
            </button>
          </div>
        ) : !list ? (
          <Loading label={t('list.loading')} />
        ) : list.length === 0 ? (
          <p className="he-muted">{filtered ? t('list.noMatch') : t('list.empty')}</p>
        ) : (
          <TableScroll label={t('list.caption')}>
            <table className="he-table">
              <caption>
                {t('list.caption')} <span className="he-muted">({t('list.count', { count: list.length })})</span>
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('columns.name')}</th>
                  <th scope="col">{t('columns.email')}</th>
                  <th scope="col">{scope.kind === 'platform' ? t('columns.memberships') : t('columns.role')}</th>
                  <th scope="col">{t('columns.status')}</th>
                  <th scope="col">{t('columns.lastSignIn')}</th>
                  <th scope="col">
                    <span className="he-visually-hidden">{t('columns.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((user) => {
                  const isSelf = String(user.id) === currentUserId;
                  const expanded = open === user.id;
                  return (
                    <Fragment key={user.id}>
                      <tr>
                        <th scope="row">
                          {user.name}
                          {isSelf ? <span className="he-muted"> ({t('you')})</span> : null}
                          {user.superAdmin ? (
                            <>
                              {' '}
                              <span className="he-badge">{t('superAdmin')}</span>
                            </>
                          ) : null}
                        </th>
                        <td>{user.email}</td>
                        <td>
                          <Memberships user={user} scope={scope} />
                        </td>
                        <td>
                          <span className={`he-badge ${user.active ? 'he-badge--ok' : 'he-badge--danger'}`}>
                            {user.active ? t('status.active') : t('status.inactive')}
                          </span>
                        </td>
                        <td>{formatWhen(user.lastSignInAt, i18n.language, t('never'))}</td>
                        <td>
                          <button
                            type="button"
                            className="he-button he-button--small he-button--secondary"
                            aria-expanded={expanded}
                            aria-controls={expanded ? `user-actions-${user.id}` : undefined}
                            aria-label={expanded ? `${t('close')}: ${user.name}` : t('manage', { name: user.name })}
                            onClick={() => setOpen(expanded ? null : user.id)}
                          >
                            {expanded ? t('close') : t('manageShort')}
                          </button>
                        </td>
                      </tr>
                      {expanded ? (
                        <tr className="he-table__detail" id={`user-actions-${user.id}`}>
                          <td colSpan={columns}>
                            <UserActions
                              scope={scope}
                              user={user}
                              isSelf={isSelf}
                              organisations={organisations}
                              onPassword={setPassword}
                            />
                          </td>
                        </tr>
                      ) : null}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>
    </div>
  );
}
