import { useState } from 'react';
import { useToast } from '@home-energy/shared';
import type { ConsoleUser, ConsoleUserMembership, ConsoleUserWithPassword } from '../../schemas/admin';
import type { OrganisationRole } from '../../schemas/session';
import {
  useRemoveConsoleUserMembershipMutation,
  useResetConsoleUserPasswordMutation,
  useSetConsoleUserMembershipMutation,
  useUpdateConsoleUserMutation,
  type UserScope,
} from './api';
import { useIssueTexts } from './issue-texts';
import { ConfirmButton } from './confirm-button';
import type { OrganisationOption } from './create-user-form';
import { RoleSelect } from './role-select';
import { useUserManagementTranslation } from './texts';

type Outcome = { data: unknown } | { error: unknown };

/** One membership: the role (changed with its own button, so arrow keys in the select do not save) and removal. */
function MembershipControls({
  scope,
  user,
  membership,
  run,
}: {
  scope: UserScope;
  user: ConsoleUser;
  membership: ConsoleUserMembership;
  run: (call: () => Promise<Outcome>, done: string) => void;
}) {
  const { t } = useUserManagementTranslation();
  const [role, setRole] = useState<OrganisationRole>(membership.role);
  const [update] = useUpdateConsoleUserMutation();
  const [setMembership] = useSetConsoleUserMembershipMutation();
  const [remove] = useRemoveConsoleUserMembershipMutation();
  const id = `role-${user.id}-${membership.organisation}`;
  const organisation = membership.organisationName;
  const changeRole = () =>
    run(
      () =>
        scope.kind === 'platform'
          ? setMembership({ id: user.id, organisation: membership.organisation, role })
          : update({ scope, id: user.id, patch: { role } }),
      t('actions.roleChanged', { name: user.name, role: t(`roles.${role}`).toLowerCase(), organisation }),
    );
  return (
    <div className="he-actions">
      <label htmlFor={id}>{t('actions.roleIn', { organisation })}</label>
      <RoleSelect id={id} className="he-input" value={role} onChange={setRole} />
      <button
        type="button"
        className="he-button he-button--small he-button--secondary"
        disabled={role === membership.role}
        onClick={changeRole}
      >
        {t('actions.changeRole')}
      </button>
      <ConfirmButton
        label={t('actions.remove', { organisation })}
        danger
        onConfirm={() =>
          run(
            () => remove({ scope, id: user.id, organisation: membership.organisation }),
            t('actions.removed', { name: user.name, organisation }),
          )
        }
      />
    </div>
  );
}

/** Super admins add a user to another organisation. */
function AddMembership({
  user,
  organisations,
  run,
}: {
  user: ConsoleUser;
  organisations: OrganisationOption[];
  run: (call: () => Promise<Outcome>, done: string) => void;
}) {
  const { t } = useUserManagementTranslation();
  const [setMembership] = useSetConsoleUserMembershipMutation();
  const available = organisations.filter((o) => !user.memberships.some((m) => m.organisation === o.slug));
  const [organisation, setOrganisation] = useState(available[0]?.slug ?? '');
  const [role, setRole] = useState<OrganisationRole>('staff');
  if (available.length === 0) return <p className="he-muted">{t('actions.noMoreOrganisations')}</p>;
  const chosen = available.find((o) => o.slug === organisation) ?? available[0];
  return (
    <div className="he-actions" role="group" aria-label={t('actions.addTo')}>
      <label htmlFor={`add-org-${user.id}`}>{t('actions.addTo')}</label>
      <select
        id={`add-org-${user.id}`}
        className="he-input"
        value={chosen.slug}
        onChange={(e) => setOrganisation(e.target.value)}
      >
        {available.map((o) => (
          <option key={o.slug} value={o.slug}>
            {o.name}
          </option>
        ))}
      </select>
      <label htmlFor={`add-role-${user.id}`}>{t('actions.addRole')}</label>
      <RoleSelect id={`add-role-${user.id}`} className="he-input" value={role} onChange={setRole} />
      <button
        type="button"
        className="he-button he-button--small"
        onClick={() =>
          run(
            () => setMembership({ id: user.id, organisation: chosen.slug, role }),
            t('actions.added', { name: user.name, organisation: chosen.name }),
          )
        }
      >
        {t('actions.add')}
      </button>
    </div>
  );
}

/** What can be done to one user in this scope: roles and memberships, password reset, deactivation. */
export function UserActions({
  scope,
  user,
  isSelf,
  organisations = [],
  onPassword,
}: {
  scope: UserScope;
  user: ConsoleUser;
  isSelf: boolean;
  organisations?: OrganisationOption[];
  onPassword: (result: ConsoleUserWithPassword) => void;
}) {
  const { t } = useUserManagementTranslation();
  const { failureText } = useIssueTexts();
  const toast = useToast();
  const [update] = useUpdateConsoleUserMutation();
  const [reset] = useResetConsoleUserPasswordMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function run(call: () => Promise<Outcome>, done: string, after?: (data: unknown) => void) {
    setFailure(null);
    setBusy(true);
    void call().then((result) => {
      setBusy(false);
      if ('error' in result) {
        setFailure(failureText(result.error, t('errors.failed')));
        return;
      }
      toast(done);
      after?.(result.data);
    });
  }

  return (
    <div className="he-stack" style={{ gap: '0.75rem' }} aria-busy={busy}>
      {user.memberships.map((membership) => (
        <MembershipControls key={membership.organisation} scope={scope} user={user} membership={membership} run={run} />
      ))}
      {scope.kind === 'platform' ? <AddMembership user={user} organisations={organisations} run={run} /> : null}
      {user.managedElsewhere ? (
        <p className="he-muted">{t('actions.managedElsewhere')}</p>
      ) : (
        <div className="he-actions">
          <ConfirmButton
            label={t('actions.resetPassword')}
            onConfirm={() =>
              run(
                () => reset({ scope, id: user.id }),
                t('actions.passwordReset', { name: user.name }),
                (data) => onPassword(data as ConsoleUserWithPassword),
              )
            }
          />
          {isSelf ? null : user.active ? (
            <ConfirmButton
              label={t('actions.deactivate')}
              danger
              onConfirm={() =>
                run(
                  () => update({ scope, id: user.id, patch: { active: false } }),
                  t('actions.deactivated', { name: user.name }),
                )
              }
            />
          ) : (
            <button
              type="button"
              className="he-button he-button--small he-button--secondary"
              onClick={() =>
                run(
                  () => update({ scope, id: user.id, patch: { active: true } }),
                  t('actions.reactivated', { name: user.name }),
                )
              }
            >
              {t('actions.reactivate')}
            </button>
          )}
        </div>
      )}
      {failure ? (
        <p className="he-alert" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
