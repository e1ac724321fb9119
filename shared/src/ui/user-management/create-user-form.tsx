import { useState, type FormEvent } from 'react';
import { useToast } from '@home-energy/shared';
import {
  consoleUserCreateSchema,
  organisationUserCreateSchema,
  type ConsoleUserWithPassword,
} from '../../schemas/admin';
import type { OrganisationRole } from '../../schemas/session';
import { useCreateConsoleUserMutation, type UserScope } from './api';
import { useIssueTexts } from './issue-texts';
import { RoleSelect } from './role-select';
import { useUserManagementTranslation } from './texts';

export interface OrganisationOption {
  slug: string;
  name: string;
}

/**
 * "Add a user": name, email, role (and in the super admin's scope the organisation); checked with the shared schemas.
 */
export function CreateUserForm({
  scope,
  organisations = [],
  onCreated,
}: {
  scope: UserScope;
  organisations?: OrganisationOption[];
  onCreated: (result: ConsoleUserWithPassword) => void;
}) {
  const { t } = useUserManagementTranslation();
  const { checkErrors, fieldErrors, failureText } = useIssueTexts();
  const toast = useToast();
  const [createUser, { isLoading }] = useCreateConsoleUserMutation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OrganisationRole>('staff');
  const [organisation, setOrganisation] = useState(scope.kind === 'platform' ? '' : scope.slug);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const body =
      scope.kind === 'platform'
        ? { email, name, memberships: organisation ? [{ organisation, role }] : [] }
        : { email, name, role };
    const checked = (scope.kind === 'platform' ? consoleUserCreateSchema : organisationUserCreateSchema).safeParse(
      body,
    );
    if (!checked.success) {
      setErrors(checkErrors(checked.error.issues));
      return;
    }
    setErrors({});
    const result = await createUser({ scope, body: checked.data });
    if ('error' in result) {
      const fields = fieldErrors(result.error);
      setErrors(fields);
      // What the BFF said of a field (an email in use) shows at the field, once.
      setFailure(Object.keys(fields).length > 0 ? null : failureText(result.error, t('errors.failed')));
      return;
    }
    toast(t('add.created', { name: result.data.user.name }));
    setName('');
    setEmail('');
    setRole('staff');
    onCreated(result.data);
  }

  const invalid = (field: string) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `new-user-${field}-error` } : {};
  const error = (field: string) =>
    errors[field] ? (
      <span id={`new-user-${field}-error`} className="he-field__error">
        {errors[field]}
      </span>
    ) : null;

  return (
    <form className="he-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="add-user-title">
      <div className="he-form-grid">
        <div className="he-field">
          <label htmlFor="new-user-name">{t('add.name')}</label>
          <input
            id="new-user-name"
            type="text"
            autoComplete="off"
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            {...invalid('name')}
          />
          {error('name')}
        </div>
        <div className="he-field">
          <label htmlFor="new-user-email">{t('add.email')}</label>
          <input
            id="new-user-email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
            {...invalid('email')}
          />
          {error('email')}
        </div>
        {scope.kind === 'platform' ? (
          <div className="he-field">
            <label htmlFor="new-user-organisation">{t('add.organisation')}</label>
            <select
              id="new-user-organisation"
              value={organisation}
              onChange={(e) => setOrganisation(e.target.value)}
              {...invalid('memberships')}
            >
              <option value="">{t('add.noOrganisation')}</option>
              {organisations.map((o) => (
                <option key={o.slug} value={o.slug}>
                  {o.name}
                </option>
              ))}
            </select>
            {error('memberships')}
          </div>
        ) : null}
        <div className="he-field">
          <label htmlFor="new-user-role">{t('add.role')}</label>
          <RoleSelect
            id="new-user-role"
            value={role}
            onChange={setRole}
            disabled={scope.kind === 'platform' && !organisation}
            {...invalid('role')}
          />
          {error('role')}
        </div>
      </div>
      {failure ? (
        <p className="he-alert" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="he-actions">
        <button type="submit" className="he-button" disabled={isLoading}>
          {isLoading ? t('add.submitting') : t('add.submit')}
        </button>
      </div>
    </form>
  );
}
