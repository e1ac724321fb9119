import { useEffect } from 'react';
import { Link, Navigate, useSearchParams } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import { Loading, useMarkUsable, useSession } from '@home-energy/shared';
import { safeCallbackUrl, signedInDestination } from '@home-energy/shared/console/sign-in-destination';
import { SignInForm } from '../components/sign-in-form';
import { SIGN_PATH } from '@home-energy/shared/mfe/pages';

/**
 * /console: the staff sign-in. Reads `?callbackUrl=` (only /console/ paths of this origin) and `?error=`;
 * a signed-in visitor (also right after signing in) goes on to the callback or their organisation.
 */
export function SignInPage() {
  const { t } = useTranslation('console');
  const [params] = useSearchParams();
  const { data: session, status } = useSession();
  const callbackUrl = safeCallbackUrl(params.get('callbackUrl'), window.location.origin);
  const error = params.get('error');
  // A homeowner's BankID session is not a console session: they see the staff sign-in form.
  const staff = session?.user.kind === 'staff' ? session.user : null;
  // The BFF sends a signed-in visitor on before the page loads (the same rule); this covers a sign-in in the page.
  const target = staff ? signedInDestination(staff, callbackUrl) : null;
  // Usable once the form shows (or, for staff without an organisation, what to do): a signed-in visitor on the way to
  // their page does not mark this one.
  useMarkUsable(staff ? !target : status !== 'loading');

  useEffect(() => {
    document.title = t('signIn.title');
  }, [t]);

  if (staff) {
    if (target) return <Navigate to={target} replace />;
    return (
      <section className="he-card" style={{ maxWidth: 480, margin: '2rem auto' }}>
        <h1>{t('signIn.noOrganisation.title')}</h1>
        <p>{t('signIn.noOrganisation.text')}</p>
      </section>
    );
  }
  if (status === 'loading') return <Loading />;

  return (
    <section className="he-card" style={{ maxWidth: 480, margin: '2rem auto' }} aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">{t('signIn.title')}</h1>
      <p>{t('signIn.intro')}</p>
      {error === 'SessionRequired' ? <p role="status">{t('signIn.sessionRequired')}</p> : null}
      <SignInForm callbackUrl={callbackUrl} initialError={error && error !== 'SessionRequired' ? error : null} />
      <p>
        <Link to="/console/forgot-password">{t('signIn.forgotPassword')}</Link>
      </p>
      <p style={{ marginTop: '1.5rem' }}>
        {t('signIn.homeowner')} <a href={SIGN_PATH}>{t('signIn.homeownerLink')}</a>
      </p>
    </section>
  );
}
