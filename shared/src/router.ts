/**
 * The router every app on the page uses: react-router's declarative mode (BrowserRouter, Routes, links and hooks),
 * shared as one singleton under this module's name instead of `react-router` itself. A shared module cannot be
 * tree-shaken (any remote may use any of its exports), and react-router's entry also carries its data, framework and
 * server-rendering APIs: 61 KB gzip on every page, of which the declarative mode is about 15. Import routing from here,
 * never from `react-router` (a second copy would have its own router context; a test holds every package to it).
 * Adding an export here is a change of the shared package: the shell provides what it was built with.
 */
export {
  BrowserRouter,
  HashRouter,
  MemoryRouter,
  Router,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
  createPath,
  createRoutesFromChildren,
  createSearchParams,
  generatePath,
  matchPath,
  matchRoutes,
  parsePath,
  resolvePath,
} from 'react-router';
export type {
  Location,
  LinkProps,
  NavLinkProps,
  NavigateFunction,
  NavigateOptions,
  Params,
  PathMatch,
  RouteObject,
  SetURLSearchParams,
  To,
  URLSearchParamsInit,
} from 'react-router';
