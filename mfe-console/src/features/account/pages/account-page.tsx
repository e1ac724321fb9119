import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import {
  Loading,
  MailLanguageChoice,
  PASSWORD_MIN_LENGTH,
  useSession,
  useToast,
  PageHead,
  LoadFailed,
  useFormat,
  accountUpdateSchema,
  maxLengthOf,
  passwordChangeSchema,
  useMarkUsable,
} from '@home-energy/shared';
import { useIssueTexts } from '@home-energy/shared/ui/user-management/issue-texts';
import { useOrganisationContext } from '../../organisation/components/organisation-context';
import { organisationPath } from '@home-energy/shared/mfe/pages';
import { useChangePasswordMutation, useGetAccountQuery, useUpdateAccountMutation } from '../api/account-api';

const NAME_MAX = maxLengthOf(accountUpdateSchema.shape.name);

/**
 * /console/org/:org/account: the signed-in user's profile, organisations and password; admins find user management
 * here.
 */
export function AccountPage() {
  const { t } = useTranslation('console');
  const format = useFormat();
  const toast = useToast();
  const { checkErrors, fieldErrors, failureText } = useIssueTexts();
  const id = useId();
  const { organisation, user } = useOrganisationContext();
  const { update } = useSession();
  const account = useGetAccountQuery(organisation.slug, { refetchOnMountOrArgChange: true });
  const [updateAccount, nameState] = useUpdateAccountMutation();
  const [changePassword, passwordState] = useChangePasswordMutation();
  const [name, setName] = useState('');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [passwordErrors, setPasswordErrors] = useState<Record<string, string>>({});
  const data = account.data;
  // Usable once the account's details and forms show.
  useMarkUsable(!account.isError && data !== undefined);

  useEffect(() => {
    if (data) setName(data.name);
  }, [data]);

  async function saveName(event: FormEvent) {
    event.preventDefault();
    try {
      await updateAccount({ org: organisation.slug, name }).unwrap();
      await update();
      toast(t('account.nameSaved'));
    } catch (error) {
      toast(failureText(error, t('common.saveFailed')), 'error');
    }
  }

  async function savePassword(event: FormEvent) {
    event.preventDefault();
    if (next !== repeat) return setPasswordErrors({ repeat: t('account.password.mismatch') });
    if (next.length < PASSWORD_MIN_LENGTH)
      return setPasswordErrors({ newPassword: t('account.password.tooShort', { count: PASSWORD_MIN_LENGTH }) });
    // The words for the checks a code alone does not say: the same password again, a wrong current one (the BFF's).
    const rules = { newPassword: t('account.password.reused'), currentPassword: t('account.password.wrong') };
    const body = { currentPassword: current, newPassword: next };
    const checked = passwordChangeSchema.safeParse(body);
    if (!checked.success) return setPasswordErrors(checkErrors(checked.error.issues, rules));
    setPasswordErrors({});
    try {
      await changePassword({ org: organisation.slug, body }).unwrap();
      setCurrent('');
      setNext('');
      setRepeat('');
      toast(t('account.password.saved'));
    } catch (error) {
      const fields = fieldErrors(error, rules);
      setPasswordErrors(fields);
      // Nothing to show at a field (too many attempts, the server): said for the form.
      if (Object.keys(fields).length === 0) toast(failureText(error, t('common.saveFailed')), 'error');
    }
  }

  if (account.isError) return <LoadFailed error={account.error} onRetry={() => void account.refetch()} />;
  const admin = user.superAdmin || user.organisations.some((o) => o.slug === organisation.slug && o.role === 'admin');
  return (
    <div className="he-stack">
      <PageHead title={t('pages.account.title')} intro={t('pages.account.intro')} />
      {!data ? (
        <Loading />
      ) : (
        <>
          <section className="he-section" aria-labelledby={`${id}-profile`}>
            <h2 id={`${id}-profile`}>{t('account.profile')}</h2>
            <dl className="cn-facts">
              <dt>{t('account.email')}</dt>
              <dd>{data.email}</dd>
              <dt>{t('account.role')}</dt>
              <dd>{data.superAdmin ? t('organisation.superAdmin') : t('account.member')}</dd>
              <dt>{t('account.since')}</dt>
              <dd>{format.time(data.createdAt)}</dd>
              <dt>{t('account.lastSignIn')}</dt>
              <dd>{data.lastSignInAt ? format.time(data.lastSignInAt) : t('account.never')}</dd>
            </dl>
            <form className="he-form cn-inline-form" onSubmit={saveName}>
              <div className="he-field">
                <label htmlFor={`${id}-name`}>{t('account.name')}</label>
                <input
                  id={`${id}-name`}
                  type="text"
                  required
                  maxLength={NAME_MAX}
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                />
              </div>
              <button
                type="submit"
                className="he-button"
                disabled={nameState.isLoading || !name.trim() || name === data.name}
              >
                {t('account.saveName')}
              </button>
            </form>
            <MailLanguageChoice
              value={data.mailLanguage}
              onChoose={(mailLanguage) => updateAccount({ org: organisation.slug, mailLanguage }).unwrap()}
            />
          </section>
          <section className="he-section" aria-labelledby={`${id}-organisations`}>
            <h2 id={`${id}-organisations`}>{t('account.organisations')}</h2>
            {data.organisations.length === 0 ? (
              <p className="he-muted">{t('account.noOrganisations')}</p>
            ) : (
              <ul className="cn-org-list">
                {data.organisations.map((o) => (
                  <li key={o.slug}>
                    <Link
                      to={organisationPath(o.slug)}
                      aria-current={o.slug === organisation.slug ? 'true' : undefined}
                    >
                      {o.name}
                    </Link>{' '}
                    <span className="he-badge">{t(`organisation.roles.${o.role}`)}</span>{' '}
                    {o.features.map((f) => (
                      <span key={f} className="he-badge he-badge--muted">
                        {t(`account.features.${f}`)}
                      </span>
                    ))}
                    {o.isInstaller ? <span className="he-badge he-badge--muted">{t('account.installer')}</span> : null}
                  </li>
                ))}
              </ul>
            )}
            {admin ? (
              <p>
                <Link
                  className="he-button he-button--secondary"
                  to={organisationPath(organisation.slug, 'user-management')}
                >
                  {t('account.manageUsers', { organisation: organisation.name })}
                </Link>
              </p>
            ) : null}
          </section>
          <section className="he-section" aria-labelledby={`${id}-password`}>
            <h2 id={`${id}-password`}>{t('account.password.title')}</h2>
            <p className="he-section__intro">{t('account.password.intro', { count: PASSWORD_MIN_LENGTH })}</p>
            <form className="he-form" onSubmit={savePassword} noValidate>
              <div className="he-form-grid">
                {(
                  [
                    ['currentPassword', current, setCurrent, 'current-password'],
                    ['newPassword', next, setNext, 'new-password'],
                    ['repeat', repeat, setRepeat, 'new-password'],
                  ] as const
                ).map(([field, value, set, autoComplete]) => (
                  <div className="he-field" key={field}>
                    <label htmlFor={`${id}-${field}`}>{t(`account.password.${field}`)}</label>
                    <input
                      id={`${id}-${field}`}
                      className="he-input"
                      type="password"
                      autoComplete={autoComplete}
                      value={value}
                      onChange={(e) => set(e.target.value)}
                      aria-invalid={passwordErrors[field] ? true : undefined}
                      aria-describedby={passwordErrors[field] ? `${id}-${field}-error` : undefined}
                    />
                    {passwordErrors[field] ? (
                      <p id={`${id}-${field}-error`} className="he-field__error">
                        {passwordErrors[field]}
                      </p>
                    ) : null}
                  </div>
                ))}
              </div>
              <div>
                <button type="submit" className="he-button" disabled={passwordState.isLoading || !current || !next}>
                  {t('account.password.save')}
                </button>
              </div>
            </form>
          </section>
        </>
      )}
    </div>
  );
}
