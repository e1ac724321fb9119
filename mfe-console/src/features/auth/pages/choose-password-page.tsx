import { useEffect } from 'react';
import { Navigate, useNavigate } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import { Loading, signOut, useMarkUsable, useSession } from '@home-energy/shared';
import { homeForUser } from '@home-energy/shared/console/sign-in-destination';
import { NewPasswordForm } from '../components/new-password-form';
import { useChoosePasswordMutation } from '../api/password-api';

/**
 * /console/choose-password: after signing in with a one-time password, the only page the console shows (the BFF
 * refuses every other console call with password_change_required) until the user has chosen their own.
 */
export function ChoosePasswordPage() {
  const { t } = useTranslation('console');
  const { data: session, status, update } = useSession();
  const navigate = useNavigate();
  const [choose] = useChoosePasswordMutation();
  // Usable once the form shows: not while the session is read, nor on the way elsewhere (no password to choose).
  useMarkUsable(session?.user.kind === 'staff' && session.user.mustChangePassword === true);

  useEffect(() => {
    document.title = t('choosePassword.title');
  }, [t]);

  if (status === 'loading' && !session) return <Loading />;
  if (!session || session.user.kind !== 'staff') return <Navigate to="/console" replace />;
  if (!session.user.mustChangePassword) return <Navigate to={homeForUser(session.user) ?? '/console'} replace />;

  async function save(password: string) {
    await choose({ password }).unwrap();
    const next = await update();
    navigate(homeForUser(next?.user ?? session!.user) ?? '/console', { replace: true });
  }

  return (
    <section className="he-card" style={{ maxWidth: 480, margin: '2rem auto' }} aria-labelledby="choose-password-title">
      <h1 id="choose-password-title">{t('choosePassword.title')}</h1>
      <p>{t('choosePassword.intro', { email: session.user.email ?? '' })}</p>
      <NewPasswordForm save={save} submitLabel={t('choosePassword.submit')} />
      <p style={{ marginTop: '1.5rem' }}>
        <button
          type="button"
          className="he-button he-button--secondary"
          onClick={() => void signOut({ callbackUrl: '/console' })}
        >
          {t('choosePassword.signOut')}
        </button>
      </p>
    </section>
  );
}
