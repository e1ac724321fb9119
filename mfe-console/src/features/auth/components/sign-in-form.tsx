import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { credentialsSchema, signIn, useSession } from '@home-energy/shared';

/** Errors of `signIn` (the `error` query parameter of its answer) that have their own message. */
const KNOWN_SIGN_IN_ERRORS = ['CredentialsSignin', 'TooManyRequests'] as const;

function signInErrorKey(error: string): string {
  return (KNOWN_SIGN_IN_ERRORS as readonly string[]).includes(error)
    ? `signIn.errors.${error}`
    : 'signIn.errors.default';
}

interface FieldErrors {
  email?: string;
  password?: string;
}

/**
 * Email + password for the credentials provider. On success it stays busy: the session context turns
 * authenticated and the page navigates on. The `attempt` counter moves focus to the alert on every failure.
 */
export function SignInForm({ callbackUrl, initialError }: { callbackUrl: string | null; initialError: string | null }) {
  const { t } = useTranslation('console');
  const { status } = useSession();
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<{ key: string; attempt: number } | null>(
    initialError ? { key: signInErrorKey(initialError), attempt: 0 } : null,
  );
  const [busy, setBusy] = useState(false);
  const [awaitingSession, setAwaitingSession] = useState(false);

  useEffect(() => {
    if (failure && failure.attempt > 0) alertRef.current?.focus();
  }, [failure]);

  // signIn refreshes the session before it resolves; still signed out afterwards means it did not stick.
  useEffect(() => {
    if (awaitingSession && status === 'unauthenticated') {
      setAwaitingSession(false);
      setBusy(false);
      setFailure((f) => ({ key: 'signIn.errors.default', attempt: (f?.attempt ?? 0) + 1 }));
    }
  }, [awaitingSession, status]);

  function fail(key: string) {
    setFailure((f) => ({ key, attempt: (f?.attempt ?? 0) + 1 }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = credentialsSchema.safeParse({ email, password });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'email') errors.email ??= 'signIn.errors.invalidEmail';
        if (issue.path[0] === 'password')
          errors.password ??= password ? 'signIn.errors.passwordTooLong' : 'signIn.errors.passwordRequired';
      }
      setFieldErrors(errors);
      setFailure(null);
      (errors.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setFieldErrors({});
    setFailure(null);
    setBusy(true);
    try {
      const result = await signIn('credentials', {
        email: parsed.data.email,
        password: parsed.data.password,
        redirect: false,
        callbackUrl: callbackUrl ?? '/console',
      });
      if (!result) return; // the client is navigating to the auth error page
      if (result.ok && !result.error) {
        setAwaitingSession(true);
        return;
      }
      setBusy(false);
      fail(signInErrorKey(result.error ?? 'default'));
    } catch {
      setBusy(false);
      fail('signIn.errors.default');
    }
  }

  const emailErrorId = `${id}-email-error`;
  const passwordErrorId = `${id}-password-error`;
  return (
    <form noValidate onSubmit={onSubmit} aria-busy={busy || undefined} style={{ display: 'grid', gap: '1rem' }}>
      {failure ? (
        <div ref={alertRef} role="alert" tabIndex={-1} className="he-unavailable">
          {t(failure.key)}
        </div>
      ) : null}
      <div style={{ display: 'grid', gap: '0.3rem' }}>
        <label htmlFor={`${id}-email`}>{t('signIn.email')}</label>
        <input
          ref={emailRef}
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={fieldErrors.email ? true : undefined}
          aria-describedby={fieldErrors.email ? emailErrorId : undefined}
          style={{ font: 'inherit', padding: '0.5rem' }}
        />
        {fieldErrors.email ? (
          <p id={emailErrorId} style={{ color: 'var(--he-danger)', margin: 0 }}>
            {t(fieldErrors.email)}
          </p>
        ) : null}
      </div>
      <div style={{ display: 'grid', gap: '0.3rem' }}>
        <label htmlFor={`${id}-password`}>{t('signIn.password')}</label>
        <input
          ref={passwordRef}
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={fieldErrors.password ? true : undefined}
          aria-describedby={fieldErrors.password ? passwordErrorId : undefined}
          style={{ font: 'inherit', padding: '0.5rem' }}
        />
        {fieldErrors.password ? (
          <p id={passwordErrorId} style={{ color: 'var(--he-danger)', margin: 0 }}>
            {t(fieldErrors.password)}
          </p>
        ) : null}
      </div>
      <div>
        <button type="submit" className="he-button" disabled={busy}>
          {busy ? t('signIn.submitting') : t('signIn.submit')}
        </button>
      </div>
    </form>
  );
}
