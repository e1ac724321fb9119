import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import { credentialsSchema, useMarkUsable } from '@home-energy/shared';
import { useIssueTexts } from '@home-energy/shared/ui/user-management/issue-texts';
import { useForgotPasswordMutation } from '../api/password-api';

/** /console/forgot-password: a reset link by mail. The answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('console');
  const { failureText } = useIssueTexts();
  const id = useId();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [forgot, state] = useForgotPasswordMutation();
  // The form is there at once.
  useMarkUsable(true);

  useEffect(() => {
    document.title = t('forgotPassword.title');
  }, [t]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = credentialsSchema.shape.email.safeParse(email);
    setInvalid(!parsed.success);
    if (!parsed.success) return;
    setFailure(null);
    try {
      await forgot({ email: parsed.data }).unwrap();
      setSent(true);
    } catch (error) {
      const status = (error as { status?: number }).status;
      setFailure(status === 429 ? t('forgotPassword.tooMany') : failureText(error, t('forgotPassword.failed')));
    }
  }

  return (
    <section className="he-card" style={{ maxWidth: 480, margin: '2rem auto' }} aria-labelledby="forgot-password-title">
      <h1 id="forgot-password-title">{t('forgotPassword.title')}</h1>
      {sent ? (
        <p role="status">{t('forgotPassword.sent')}</p>
      ) : (
        <>
          <p>{t('forgotPassword.intro')}</p>
          {failure ? (
            <div className="he-alert" role="alert">
              {failure}
            </div>
          ) : null}
          <form className="he-form" onSubmit={onSubmit} noValidate>
            <div className="he-field">
              <label htmlFor={`${id}-email`}>{t('signIn.email')}</label>
              <input
                id={`${id}-email`}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={invalid ? true : undefined}
                aria-describedby={invalid ? `${id}-email-error` : undefined}
              />
              {invalid ? (
                <p id={`${id}-email-error`} className="he-field__error">
                  {t('signIn.errors.invalidEmail')}
                </p>
              ) : null}
            </div>
            <button type="submit" className="he-button" disabled={state.isLoading}>
              {state.isLoading ? t('forgotPassword.sending') : t('forgotPassword.submit')}
            </button>
          </form>
        </>
      )}
      <p style={{ marginTop: '1.5rem' }}>
        <Link to="/console">{t('forgotPassword.back')}</Link>
      </p>
    </section>
  );
}
