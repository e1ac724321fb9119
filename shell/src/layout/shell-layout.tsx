import { Outlet, Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch, Logo, PageLayout, themeForPath, useGetRegistryQuery, useSession } from '@home-energy/shared';

/** The page frame around every remote: logo, navigation, language, and which releases are running. */
export function ShellLayout() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const inConsole = themeForPath(pathname) === 'console';
  const session = useSession();
  const { data: registry } = useGetRegistryQuery(undefined, { skip: typeof window === 'undefined' });
  return (
    <PageLayout
      topBar={
        <>
          <Logo href={inConsole ? '/console/admin' : '/'} />
          {inConsole ? <span className="he-badge">{t('nav.console')}</span> : null}
          <nav className="he-topbar__nav" aria-label={t('nav.label')}>
            <Link to="/">{t('nav.findHome')}</Link>
            {session.status === 'authenticated' ? <Link to="/console/admin">{t('nav.console')}</Link> : null}
            {session.status === 'unauthenticated' ? <Link to="/sign">{t('nav.signIn')}</Link> : null}
            <LanguageSwitch />
          </nav>
        </>
      }
      footer={
        <>
          <span>{t('footer.tagline')}</span>
          {registry ? (
            <span data-testid="releases">
              {registry.remotes.map((r) => `${r.package} ${r.version}`).join(' · ')}
            </span>
          ) : null}
        </>
      }
    >
      <Outlet />
    </PageLayout>
  );
}
