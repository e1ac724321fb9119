import { useEffect, useRef, useState } from 'react';
import { Outlet, Link, useLocation } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import { useActiveReleases } from '../remotes/use-active-releases';
import {
  LanguageSwitch,
  Logo,
  PageLayout,
  signOut,
  signRedirectUrl,
  themeForPath,
  useBrandConfig,
  useSession,
  useToast,
} from '@home-energy/shared';
import { CONSOLE_SIGN_IN_PATH, MY_HOMES_PATH, PRIVACY_PATH, SIGN_PATH } from '@home-energy/shared/mfe/pages';

/** The signed-in staff user's name and email, and the sign-out button (back to the staff sign-in at /console). */
function SignedInUser({
  name,
  email,
  afterSignOut,
}: {
  name?: string | null;
  email?: string | null;
  afterSignOut: string;
}) {
  const { t } = useTranslation('common');
  const toast = useToast();
  const [signingOut, setSigningOut] = useState(false);

  // A full page load to /console after signing out: nothing of the organisation stays in memory, and the
  // console guard does not race the navigation.
  async function onSignOut() {
    setSigningOut(true);
    try {
      await signOut({ callbackUrl: afterSignOut });
    } catch {
      setSigningOut(false);
      toast(t('nav.signOutFailed'), 'error');
    }
  }

  return (
    <>
      <span className="he-topbar__user">
        <span className="he-visually-hidden">{t('nav.signedInAs')} </span>
        {name ? <strong>{name}</strong> : null}
        {name && email ? ' ' : null}
        {email ? <span>{name ? `(${email})` : email}</span> : null}
      </span>
      <button
        type="button"
        className="he-button he-button--secondary"
        onClick={() => void onSignOut()}
        disabled={signingOut}
      >
        {signingOut ? t('nav.signingOut') : t('nav.signOut')}
      </button>
    </>
  );
}

/** The page frame around every remote: logo, navigation, language, and which releases are running. */
export function ShellLayout() {
  const { t } = useTranslation('common');
  const location = useLocation();
  const { pathname } = location;
  // On a phone the header's links fold away behind a Menu button; a new page folds them again.
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [pathname]);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Escape folds the open menu and hands the focus back to its button, as a disclosure's Escape does.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);
  const inConsole = themeForPath(pathname) === 'console';
  const session = useSession();
  const registry = useActiveReleases();
  const user = session.data?.user ?? null;
  const brand = useBrandConfig();
  return (
    <PageLayout
      topBar={
        <>
          {/* Staff work in the product's console, not in a brand. */}
          <Logo href={inConsole ? CONSOLE_SIGN_IN_PATH : '/'} brand={inConsole ? undefined : brand?.config} />
          {inConsole ? <span className="he-badge">{t('nav.console')}</span> : null}
          <button
            ref={menuButton}
            type="button"
            className="he-button he-button--secondary he-topbar__menu"
            aria-expanded={menuOpen}
            aria-controls="he-topbar-nav"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {t('nav.menu')}
          </button>
          <nav
            id="he-topbar-nav"
            className={`he-topbar__nav${menuOpen ? ' he-topbar__nav--open' : ''}`}
            aria-label={t('nav.label')}
          >
            <Link to="/">{t('nav.findHome')}</Link>
            {user?.kind === 'staff' ? <Link to={CONSOLE_SIGN_IN_PATH}>{t('nav.console')}</Link> : null}
            {user?.kind === 'homeowner' ? <Link to={MY_HOMES_PATH}>{t('nav.myHomes')}</Link> : null}
            {user ? (
              <SignedInUser
                name={user.name}
                email={user.kind === 'staff' ? user.email : user.personalNumberMasked}
                afterSignOut={user.kind === 'staff' ? CONSOLE_SIGN_IN_PATH : '/'}
              />
            ) : null}
            {/* Under /console a signed-out visitor is on the staff sign-in form already. Sign-in brings people back
               here. */}
            {session.status === 'unauthenticated' && !inConsole ? (
              <Link to={signRedirectUrl(location) ?? SIGN_PATH}>{t('nav.signIn')}</Link>
            ) : null}
            <LanguageSwitch />
          </nav>
        </>
      }
      footer={
        <>
          <span>{t('footer.tagline')}</span>
          {/* Every homeowner page links the privacy notice; staff pages are the console's. */}
          {inConsole ? null : <Link to={PRIVACY_PATH}>{t('footer.privacy')}</Link>}
          {registry ? (
            <details className="he-footer__version">
              <summary>{t('footer.aboutVersion')}</summary>
              <span data-testid="releases">{registry.remotes.map((r) => `${r.package} ${r.version}`).join(' · ')}</span>
            </details>
          ) : null}
        </>
      }
    >
      <Outlet />
      {/* Fixed in a corner: it says what this server is without moving anything on the page when the registry
         answers; the page keeps a strip free for it at its foot (ui.css), so it covers nothing. */}
      {registry?.demo ? (
        <p className="he-demo-mark" role="note">
          <strong>{t('demo.badge')}</strong>
          <span className="he-visually-hidden"> {t('demo.note')}</span>
        </p>
      ) : null}
    </PageLayout>
  );
}
