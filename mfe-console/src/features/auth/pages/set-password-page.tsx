import { useEffect, useState } from 'react';
import { Link, useLocation } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import { useMarkUsable } from '@home-energy/shared';
import { NewPasswordForm } from '../components/new-password-form';
import { useSetPasswordFromLinkMutation } from '../api/password-api';

/** The token of an invitation or reset mail: in the address's fragment, which browsers never send to a server. */
function tokenOf(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token');
}

/** /console/set-password#token=…: choose a password from the link of an invitation or "Forgot password?" mail. */
export function SetPasswordPage() {
  const { t } = useTranslation('console');
  const { hash } = useLocation();
  const token = tokenOf(hash);
  const [setPassword] = useSetPasswordFromLinkMutation();
  const [done, setDone] = useState(false);
  // The form (or, without a token, the way to ask again) is there at once.
  useMarkUsable(true);

  useEffect(() => {
    document.title = t('setPassword.title');
  }, [t]);

  return (
    <section className="he-card" style={{ maxWidth: 480, margin: '2rem auto' }} aria-labelledby="set-password-title">
      <h1 id="set-password-title">{t(done ? 'setPassword.doneTitle' : 'setPassword.title')}</h1>
      {done ? (
        <p role="status">
          {t('setPassword.done')} <Link to="/console">{t('setPassword.signIn')}</Link>
        </p>
      ) : !token ? (
        <p role="alert">
          {t('setPassword.noToken')} <Link to="/console/forgot-password">{t('setPassword.askAgain')}</Link>
        </p>
      ) : (
        <>
          <p>{t('setPassword.intro')}</p>
          <NewPasswordForm
            save={async (password) => {
              await setPassword({ token, password }).unwrap();
              setDone(true);
            }}
            submitLabel={t('setPassword.submit')}
          />
          <p style={{ marginTop: '1.5rem' }}>
            <Link to="/console/forgot-password">{t('setPassword.askAgain')}</Link>
          </p>
        </>
      )}
    </section>
  );
}
