import express from 'express';
import helmet from 'helmet';
import compression from 'compression';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Logger } from './logger';
import { apiNotFound, errorHandler } from './http/errors';
import { requestLog } from './http/request-log';
import { jsonBodies, noQueryOnWrites, validHost } from './http/input-guards';
import { healthRoutes } from './modules/health/routes';
import { registryRoute, servedRemotes } from './modules/releases/routes';
import { releasePagesReader } from './web/release-pages';
import { beaconRoutes } from './modules/releases/beacon-routes';
import { vitalsRoutes } from './modules/vitals/routes';
import { VisitorCookies } from './modules/releases/audience';
import { networkHasher } from './modules/releases/served';
import cookieParser from 'cookie-parser';
import type pg from 'pg';
import { authAnswers, authRoutes } from './auth/routes';
import { authCookies } from './auth/cookies';
import { createPassport } from './auth/passport';
import { createSessionStore, sessionMiddleware } from './auth/session';
import { PasswordGuard } from './auth/password-guard';
import { flowWriteLimiter } from './http/write-limits';
import { fastSession, sessionFastPath } from './auth/session-fast-path';
import { consoleSession, homeownerSession, sessionReader, staffSignInDestination } from './auth/session-user';
import { propertyProfileState } from './modules/building/profile-state';
import { buildingFastPath, FAST_BUILDING_ANSWERS } from './modules/building/fast-path';
import { buildingCache, type CachedBuilding } from './modules/building/cached-building';
import type { ReadCache } from './db/read-cache';
import { consoleRoutes } from './modules/console/routes';
import { adminRoutes } from './modules/admin/routes';
import { organisationUserRoutes } from './modules/admin/users/routes';
import { auditWrites } from './modules/audit/middleware';
import { impersonation } from './auth/impersonation';
import { requireConsoleItem, requireOrganisation } from './auth/guards';
import { sameOrigin } from './http/same-origin';
import type { RpClient } from './bankid/rp-client';
import { PersonalNumberVault } from './bankid/personal-number';
import type { DataKey } from './bankid/data-key';
import { bankIdStrategy } from './auth/bankid-strategy';
import { OrderService } from './modules/homeowner/orders';
import { signRoutes } from './modules/homeowner/sign-routes';
import { profileRoutes } from './modules/homeowner/profile-routes';
import { propertySearchRoutes } from './modules/property/search-routes';
import { demoLogoFiles, pageStates, releaseFiles, shellAssets, shellPages } from './web/static';
import { pageHints } from './web/page-hints';
import { buildingRoutes } from './modules/building/routes';
import { textRoutes } from './modules/texts/routes';
import { flowRoutes } from './modules/flow/routes';
import { lenderRoutes } from './modules/lenders/routes';
import { installerRequestRoutes } from './modules/installer-requests/routes';
import type { GeoTables } from './energy/geo-data';
import { loadGeoTables } from './register/geo-tables';
import { DEMO_LOGOS_DIR, GEO_DIR } from './paths';
import { brandRoutes } from './modules/brand/routes';
import { brandConfigStore, type BrandConfigStore } from './modules/brand/store';
import { productStores, type ProductStores } from './storage/from-config';
import { releaseUploadRoutes } from './modules/releases/upload-routes';
import { releaseControlRoutes } from './modules/releases/control-routes';
import { servableReleases, superAdminSession } from './modules/releases/servable';
import { flowMessageRoutes } from './modules/messages/routes';
import type { Mailer } from './modules/mail/mailer';
import { passwordLinkRoutes } from './modules/password-links/routes';
import { refuseUntilPasswordChosen } from './auth/password-change-guard';
import { noteStaffLanguage } from './modules/mail/language';
import type { Metrics } from './http/metrics';
import { PAINT_FIRST_SCRIPT_HASH } from '@home-energy/shared/paint-first';
import { adminPrivacyRoutes, privacyRoutes, type PrivacyRouteDeps } from './modules/privacy/routes';
import { privacyFlowRoutes } from './modules/privacy/privacy-routes';
import { currentNotice, noticeSettings, type NoticeConfig } from './modules/privacy/notice';

export interface AppDeps {
  config: Pick<
    Config,
    | 'SHELL_DIST'
    | 'releasesDir'
    | 'TRUST_PROXY'
    | 'NODE_ENV'
    | 'demo'
    | 'AUTH_BASE_PATH'
    | 'PUBLIC_URL'
    | 'SIGNIN_RATE_LIMIT'
    | 'secureCookies'
    | 'BANKID_START_RATE_LIMIT'
    | 'FAKE_LOGIN'
    | 'STREETVIEW_API_KEY'
    | 'SEARCH_RATE_LIMIT'
    | 'FLOW_WRITE_RATE_LIMIT'
    | 'BEACON_RATE_LIMIT'
    | 'CANARY_SESSIONS'
    | 'CANARY_ERROR_MARGIN'
    | 'CANARY_SESSIONS_PER_NETWORK'
    | 'CANARY_SPEED_MARGIN'
    | 'VITALS_SAMPLE_RATE'
    | 'VITALS_RATE_LIMIT'
    | 'DOCUMENT_RATE_LIMIT'
    | 'EXPORT_RATE_LIMIT'
    | 'DOCUMENTS_PER_PROPERTY'
    | 'DOCUMENT_MB_PER_DAY'
    | 'DEFAULT_BRAND'
    | 'CONFIG_BUCKET_NAME'
    | 'bucketsDir'
    | 'outboxDir'
    | 'PASSWORD_RESET_RATE_LIMIT'
    | 's3'
    | 'MFE_PUBLIC_URL'
    | 'RELEASE_UPLOAD_MB'
    | 'RELEASE_UPLOAD_FILES'
    | keyof NoticeConfig
  >;
  db: Db;
  pool: pg.Pool;
  logger: Logger;
  /** Signs session cookies and CSRF tokens (auth/secrets.ts). */
  authSecret: string;
  /**
   * The personal-number vault's key (bankid/data-key-store.ts), independent of authSecret; without it no homeowner
   * signs in.
   */
  dataKey?: DataKey;
  /** Whether this instance prunes expired sessions (off in tests). */
  pruneSessions?: boolean;
  /** The BankID RP API (real, or the simulator on loopback). */
  rp: RpClient;
  /** The bundled BankID simulator's test-app page, when it is the BankID in use (demo). */
  bankIdTestAppUrl?: string;
  now?: () => number;
  /** Postal codes, municipalities and climate (loaded from bff/data/geo when not given). */
  geo?: GeoTables;
  /** Releases, brand configs and EPC documents: S3 when configured, else local folders (storage/from-config.ts). */
  stores?: ProductStores;
  /** Where brand configs live (the brand-config part of `stores` by default). */
  brandStore?: BrandConfigStore;
  /** Request metrics (http/metrics.ts), when METRICS_PORT is set. */
  metrics?: Metrics;
  /**
   * GET /api/auth/session's common case answered without the /api chain (auth/session-fast-path.ts); tests turn it off
   * to compare.
   */
  sessionFastPath?: boolean;
  /**
   * Cached building answers served without the /api chain (modules/building/fast-path.ts); tests turn it off to
   * compare.
   */
  buildingFastPath?: boolean;
  /** The building cache (modules/building/cached-building.ts); tests pass one to look into it. */
  buildings?: ReadCache<CachedBuilding>;
  /** Sends (or, without SMTP_URL, writes to the outbox) every mail: modules/mail/README.md. */
  mailer: Mailer;
}

/** Builds the whole BFF from its dependencies; never listens (server.ts does), so tests drive it with supertest. */
export function createApp({
  config,
  db,
  pool,
  logger,
  authSecret,
  dataKey,
  pruneSessions = true,
  rp,
  bankIdTestAppUrl,
  now,
  geo = loadGeoTables(GEO_DIR),
  stores = productStores(config),
  brandStore = brandConfigStore(stores.brandConfig),
  sessionFastPath: fastSessions = true,
  buildingFastPath: fastBuildings = true,
  buildings = buildingCache(db),
  mailer,
  metrics,
}: AppDeps): express.Express {
  // The privacy notice's parts: what consents record the version of (modules/privacy/notice.ts).
  const notice = { store: brandStore, settings: noticeSettings(config), defaultBrand: config.DEFAULT_BRAND, logger };
  const app = express();
  app.disable('x-powered-by');
  const releases = { releasesDir: config.releasesDir, SHELL_DIST: config.SHELL_DIST, releaseStore: stores.releases };
  // Remote files from a CDN (MFE_PUBLIC_URL) are scripts, styles and fetches of another origin the pages must allow.
  const remoteFilesOrigin = config.MFE_PUBLIC_URL ? [new URL(config.MFE_PUBLIC_URL).origin] : [];
  app.set(
    'trust proxy',
    config.TRUST_PROXY === 'true' ? true : config.TRUST_PROXY === 'false' ? false : config.TRUST_PROXY,
  );

  if (metrics) app.use(metrics.requests(app));
  app.use(requestLog(logger));
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // The inline script of the static first-paint pages, and no other (shared/src/mfe/paint-first-script.cjs).
          scriptSrc: ["'self'", PAINT_FIRST_SCRIPT_HASH, ...remoteFilesOrigin],
          styleSrc: ["'self'", "'unsafe-inline'", ...remoteFilesOrigin],
          // Installer logos are URLs of the installers' own sites.
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          connectSrc: ["'self'", ...remoteFilesOrigin],
          fontSrc: ["'self'", 'data:', ...remoteFilesOrigin],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  // A Host header that names no host is refused before anything builds a URL from it (http/input-guards.ts).
  app.use(validHost);
  // Built files need no cookie, session or body and come compressed from the build: answered before all of that. A
  // release nobody has yet is a super admin's preview: only then is the session read (modules/releases/servable.ts).
  app.use(
    '/mfe',
    releaseFiles(stores.releases, { servable: servableReleases(db), preview: (req) => releasePreview(req) }),
  );
  app.use(shellAssets(config.SHELL_DIST));
  const cookies = authCookies(config.secureCookies);
  // The release-session cookie is signed: only a session the registry handed out counts (docs/releases.md).
  const visitors = new VisitorCookies(authSecret, config.secureCookies);
  // Each release's pages (routes, frames, data), read once per release: the registry and every page answer use them.
  const releasePages = releasePagesReader(stores.releases);
  const vault = dataKey ? new PersonalNumberVault(dataKey) : PersonalNumberVault.withoutKey();
  const orders = new OrderService({ db, rp, vault, now, testAppUrl: bankIdTestAppUrl });
  const passport = createPassport(db, [bankIdStrategy({ db, orders, vault })]);
  const sessionStore = createSessionStore({ pool, pruneExpired: pruneSessions });
  const privacy: PrivacyRouteDeps = {
    db,
    logger,
    mailer,
    vault,
    secret: authSecret,
    cookies,
    orders,
    documentStore: stores.documents,
    outboxDir: config.outboxDir,
    exportsPerHour: config.EXPORT_RATE_LIMIT,
    now,
  };
  // Who a request's session is, for answers served before the session chain: one read per request, however asked.
  const readSession = sessionReader({ store: sessionStore, passport, secret: authSecret, cookies });
  const releasePreview = superAdminSession(readSession);
  const passwordGuard = new PasswordGuard(db, now);
  const authOptions = {
    db,
    logger,
    passport,
    secret: authSecret,
    cookies,
    basePath: config.AUTH_BASE_PATH,
    publicUrl: config.PUBLIC_URL,
    signInPage: '/console',
    signInRateLimit: config.SIGNIN_RATE_LIMIT,
    passwordGuard,
  };
  if (fastSessions)
    app.get(
      `${config.AUTH_BASE_PATH}/session`,
      sessionFastPath({
        store: sessionStore,
        passport,
        secret: authSecret,
        cookies,
        answers: authAnswers(authOptions),
      }),
    );
  // The results dashboard's reads of a building this instance has cached (modules/building/fast-path.ts).
  if (fastBuildings) {
    const fast = {
      session: fastSession({ store: sessionStore, passport, secret: authSecret, cookies }),
      buildings,
      defaultBrand: config.DEFAULT_BRAND,
      now: now ?? Date.now,
    };
    for (const [which, path] of Object.entries(FAST_BUILDING_ANSWERS))
      app.get(path, buildingFastPath(which as keyof typeof FAST_BUILDING_ANSWERS, fast));
  }
  // Every page load asks the registry: it reads only its cookies (no session) and its answer is a few hundred bytes,
  // so it is answered before the session chain and compression. A body is checked as on every /api route.
  app.get(
    '/api/mfe/registry',
    cookieParser(),
    express.json({ limit: '100kb' }),
    jsonBodies,
    ...registryRoute(db, {
      publicUrl: config.PUBLIC_URL,
      filesUrl: config.MFE_PUBLIC_URL,
      demo: config.demo,
      visitors,
      beaconsPerMinute: config.BEACON_RATE_LIMIT,
      defaultBrand: config.DEFAULT_BRAND,
      vitalsSample: config.VITALS_SAMPLE_RATE,
      pagesOf: releasePages,
    }),
  );
  app.use(compression());

  app.use(healthRoutes(db));
  app.use('/api', sameOrigin(config.PUBLIC_URL), cookieParser());
  app.use(
    '/api',
    sessionMiddleware({ store: sessionStore, secret: authSecret, cookies }),
    passport.session(),
    impersonation(db),
  );
  app.use(config.AUTH_BASE_PATH, authRoutes(authOptions));
  // Bodies are JSON (or the upload's multipart), and writes take no query: see http/input-guards.ts.
  // Anonymous flow writes per IP before any body is read (http/write-limits.ts).
  app.use('/api/flow', flowWriteLimiter(db, config.FLOW_WRITE_RATE_LIMIT));
  // Beacons have their own, much smaller body bound, so they are read before the general JSON parser.
  const canaryRules = {
    sessions: config.CANARY_SESSIONS,
    margin: config.CANARY_ERROR_MARGIN,
    perNetwork: config.CANARY_SESSIONS_PER_NETWORK,
    speedMargin: config.CANARY_SPEED_MARGIN,
  };
  const networkOfRequest = networkHasher(authSecret);
  app.use(
    '/api/mfe',
    beaconRoutes(db, {
      visitors,
      networkOf: networkOfRequest,
      perMinute: config.BEACON_RATE_LIMIT,
      rules: canaryRules,
      logger,
    }),
    vitalsRoutes(db, {
      visitors,
      networkOf: networkOfRequest,
      perMinute: config.VITALS_RATE_LIMIT,
      rules: canaryRules,
      logger,
      pagesOf: releasePages,
    }),
  );
  app.use('/api', express.json({ limit: '100kb' }), jsonBodies, noQueryOnWrites);
  app.use('/api/releases', releaseUploadRoutes(db, releases, config), releaseControlRoutes(db, releases));
  // Before the profile routes, whose query guard covers all of /api/flow/user (the access log takes a query).
  app.use('/api/flow', privacyFlowRoutes({ ...notice, db, now: now ?? Date.now }));
  app.use(
    '/api/flow/user',
    // First: the export takes its one query (the page's language), which the sign-in and profile routers refuse.
    privacyRoutes(privacy),
    signRoutes({
      db,
      orders,
      passport,
      vault,
      secret: authSecret,
      cookies,
      publicUrl: config.PUBLIC_URL,
      startRateLimit: config.BANKID_START_RATE_LIMIT,
      defaultBrand: config.DEFAULT_BRAND,
      fakeLogin: config.FAKE_LOGIN && config.demo,
    }),
    profileRoutes(db, now ?? Date.now, mailer),
  );
  app.use(
    '/api/flow/property-search',
    propertySearchRoutes({
      db,
      logger,
      streetViewKey: config.STREETVIEW_API_KEY,
      searchRateLimit: config.SEARCH_RATE_LIMIT,
    }),
  );
  // The building (the flow's busiest reads) first; the installer routes share its prefix and query rule, not its paths.
  app.use(
    '/api/flow/property',
    buildingRoutes({
      db,
      geo,
      defaultBrand: config.DEFAULT_BRAND,
      now: now ?? Date.now,
      documents: config,
      documentStore: stores.documents,
      buildings,
    }),
  );
  app.use(
    '/api/flow/property',
    installerRequestRoutes({
      db,
      geo,
      defaultBrand: config.DEFAULT_BRAND,
      mailer,
      now: now ?? Date.now,
      noticeVersion: async (brand) => (await currentNotice(notice, brand)).en.version,
    }),
  );
  app.use('/api/flow/texts', textRoutes(db));
  app.use('/api/flow', flowRoutes({ db, defaultBrand: config.DEFAULT_BRAND }));
  app.use(
    '/api/flow',
    brandRoutes({ store: brandStore, defaultBrand: config.DEFAULT_BRAND, logger, secureCookies: config.secureCookies }),
  );
  app.use('/api/flow', lenderRoutes());
  app.use('/api/flow', flowMessageRoutes(db, { defaultBrand: config.DEFAULT_BRAND, now }));
  // Every console and admin write is audited (with the real user while impersonating); routes add their details.
  app.use(
    '/api/password',
    passwordLinkRoutes({
      db,
      mailer,
      now,
      forgotRateLimit: config.PASSWORD_RESET_RATE_LIMIT,
      // A link's password is checked and hashed like a sign-in's: the same limit per IP.
      linkRateLimit: config.SIGNIN_RATE_LIMIT,
    }),
  );
  app.use(['/api/console', '/api/admin'], refuseUntilPasswordChosen, noteStaffLanguage(db), auditWrites(db, logger));
  app.use(
    '/api/console/org/:org/users',
    requireOrganisation(db),
    requireConsoleItem('user-management'),
    organisationUserRoutes(db, mailer, now),
  );
  app.use(
    '/api/console',
    consoleRoutes({ db, geo, brandStore, logger, now, passwordGuard, mailer, documentStore: stores.documents }),
  );
  app.use('/api/admin/privacy', adminPrivacyRoutes(privacy));
  app.use('/api/admin', adminRoutes({ db, logger, brandStore, releases, mailer, outboxDir: config.outboxDir, now }));
  app.use('/api', apiNotFound);

  app.use('/demo-logos', demoLogoFiles(DEMO_LOGOS_DIR));
  const filesBase = config.MFE_PUBLIC_URL?.replace(/\/+$/, '') ?? '/mfe';
  app.use(
    cookieParser(),
    shellPages(config.SHELL_DIST, {
      servedRemotes: servedRemotes(db, { visitors, defaultBrand: config.DEFAULT_BRAND, pagesOf: releasePages }),
      pageHints: pageHints({ releaseStore: stores.releases, filesBase }),
      consoleSession: consoleSession(readSession),
      homeownerSession: homeownerSession(readSession),
      pageState: pageStates({ 'property-profile': propertyProfileState(db, readSession) }),
      signInDestination: staffSignInDestination(readSession, config.PUBLIC_URL),
      sessionCookie: cookies.session,
    }),
  );
  app.use(errorHandler(logger));
  return app;
}
