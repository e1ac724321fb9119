import { useEffect, useState } from 'react';
import { Outlet, useLocation, useParams } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import { Loading, useSession, visibleMenu, type MenuContext } from '@home-energy/shared';
import { useDeferredAnswer } from '../../../lib/use-deferred-answer';
import { useGetOrganisationDetailsQuery } from '../api/get-organisation-details';
import { usePagePatterns } from '../lib/page-patterns';
import { ConsoleNav } from './console-nav';
import { ConsoleTopBar } from './console-top-bar';
import { ImpersonationBanner } from './impersonation-banner';
import { OrganisationNotFound } from './organisation-not-found';
import type { OrganisationOutletContext } from './organisation-context';

function errorStatus(error: unknown): number | string | undefined {
  return typeof error === 'object' && error !== null && 'status' in error
    ? (error as { status: number | string }).status
    : undefined;
}

/**
 * /console/org/:org: loads the organisation, builds the navigation from the shared rules table and the served
 * releases' route tables, and hands user, organisation, menu context and navigation to the pages. Rendered only with
 * a session (RequireSession).
 */
export function OrganisationLayout() {
  const { t } = useTranslation('console');
  const { org = '' } = useParams();
  const { data: session } = useSession();
  // Refetch on mount: the answer depends on who is signed in, which may have changed since it was cached.
  const details = useGetOrganisationDetailsQuery(org, { refetchOnMountOrArgChange: true });
  // The frame (top bar, navigation) and the page render in a transition; never the frame of another organisation.
  const organisation = useDeferredAnswer(details.currentData, (deferred, latest) => deferred.slug === latest.slug);
  const { pathname } = useLocation();
  // On a phone the side navigation folds away behind the top bar's Menu button; a new page closes it.
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [pathname]);
  const patternOf = usePagePatterns();

  if (!session) return <Loading />;
  if (details.isError) {
    const status = errorStatus(details.error);
    // 401: the API slice is already sending the browser to sign in.
    if (status === 401) return <Loading />;
    if (status === 404 || status === 400 || status === 403) return <OrganisationNotFound user={session.user} />;
    return (
      <section className="he-unavailable" role="alert">
        <h1>{t('organisation.loadFailed.title')}</h1>
        <p>{t('organisation.loadFailed.text')}</p>
        <button type="button" className="he-button" onClick={() => void details.refetch()}>
          {t('organisation.loadFailed.retry')}
        </button>
      </section>
    );
  }
  if (!organisation) return <Loading />;

  const impersonating = session.user.impersonating;
  const menu: MenuContext = { user: session.user, organisation, impersonating: impersonating?.slug ?? null };
  const navigation = visibleMenu(menu, patternOf);
  const context: OrganisationOutletContext = { user: session.user, organisation, menu, navigation };
  return (
    <>
      {impersonating ? <ImpersonationBanner name={impersonating.name} /> : null}
      <ConsoleTopBar navigation={navigation} menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} />
      <div className={`he-sidebar-layout cn-layout${menuOpen ? ' cn-layout--menu-open' : ''}`}>
        <ConsoleNav navigation={navigation} organisation={organisation} />
        <div>
          <Outlet context={context} />
        </div>
      </div>
    </>
  );
}
