import { useEffect, useRef } from 'react';
import { useToast } from '@home-energy/shared';
import { useUserManagementTranslation } from './texts';

/**
 * The one-time password of a new user or a reset, shown once; focus moves here so it is not missed. Null when the
 * server mails the user a link instead (a mail server is configured): then only that is said.
 */
export function OneTimePassword({
  name,
  email,
  password,
  onDone,
}: {
  name: string;
  email: string;
  password: string | null;
  onDone: () => void;
}) {
  const { t } = useUserManagementTranslation();
  const toast = useToast();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [password]);

  async function copy() {
    if (password === null) return;
    try {
      await navigator.clipboard.writeText(password);
      toast(t('password.copied'));
    } catch {
      toast(t('password.copyFailed'), 'error');
    }
  }

  if (password === null) {
    return (
      <section className="he-notice" aria-labelledby="one-time-password-title" data-testid="password-link-mailed">
        <h2 id="one-time-password-title" ref={heading} tabIndex={-1}>
          {t('password.mailedTitle', { name })}
        </h2>
        <p>{t('password.mailedText', { email })}</p>
        <div className="he-actions">
          <button type="button" className="he-button" onClick={onDone}>
            {t('password.mailedDone')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="he-notice" aria-labelledby="one-time-password-title" data-testid="one-time-password">
      <h2 id="one-time-password-title" ref={heading} tabIndex={-1}>
        {t('password.title', { name })}
      </h2>
      <p>{t('password.text', { email })}</p>
      <p>
        <code className="he-secret" data-testid="one-time-password-value">
          {password}
        </code>
      </p>
      <div className="he-actions">
        <button type="button" className="he-button he-button--secondary" onClick={() => void copy()}>
          {t('password.copy')}
        </button>
        <button type="button" className="he-button" onClick={onDone}>
          {t('password.done')}
        </button>
      </div>
    </section>
  );
}
