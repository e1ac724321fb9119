import { useEffect, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import { CHOOSE_PASSWORD_PATH, Loading, useSession } from '@home-energy/shared';
import { CONSOLE_SIGN_IN_PATH } from '@home-energy/shared/mfe/pages';

function NoAccessPanel() {
  const { t } = useTranslation('admin');
  const title = t('noAccess.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <section className="he-card" aria-labelledby="admin-no-access-title">
      <h1 id="admin-no-access-title">{title}</h1>
      <p>{t('noAccess.text')}</p>
      <Link className="he-button he-button--secondary" to={CONSOLE_SIGN_IN_PATH}>
        {t('noAccess.console')}
      </Link>
    </section>
  );
}

/**
 * The super admin pages need a session (signed out → the staff sign-in, which brings the visitor back) and the
 * super admin role (anyone else sees a panel, not a redirect that could loop).
 */
export function RequireSuperAdmin({ children }: { children: ReactNode }) {
  const { status, data } = useSession();
  const { pathname, search, hash } = useLocation();
  if (status === 'unauthenticated') {
    const params = new URLSearchParams({ callbackUrl: `${pathname}${search}${hash}`, error: 'SessionRequired' });
    return <Navigate to={`${CONSOLE_SIGN_IN_PATH}?${params.toString()}`} replace />;
  }
  if (!data) return <Loading />;
  // Signed in with a one-time password: the console's "Choose your password" comes first.
  if (data.user.mustChangePassword) return <Navigate to={CHOOSE_PASSWORD_PATH} replace />;
  if (!data.user.superAdmin) return <NoAccessPanel />;
  return children;
}
