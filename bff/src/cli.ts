import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  REMOTES,
  remotePackageSchema,
  storedReleaseVersionSchema,
  type RemotePackage,
} from '@home-energy/shared/remotes';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { GEO_DIR, REPO_ROOT } from './paths';
import { DEMO_PASSWORD, seedDemoStaff } from './seed/demo-staff';
import { seedDemoRegister } from './seed/demo-register';
import { seedPlatformContent } from './seed/platform-content';
import { seedDemoBrands } from './seed/demo-brands';
import { seedDemoInstallers } from './seed/demo-installers';
import { DEMO_JOURNEY_COUNT, seedDemoJourneys } from './seed/demo-journeys';
import { removeDemoJourneys } from './seed/demo-removal';
import { demoOrganisationLines } from './seed/demo-journeys-report';
import { loadDataKey } from './bankid/data-key-store';
import { PersonalNumberVault } from './bankid/personal-number';
import { loadGeoTables } from './register/geo-tables';
import { brandConfigStore } from './modules/brand/store';
import { copyLocalObjectsToS3, productStores } from './storage/from-config';
import { changeRelease, releaseStatus, setAudience, uploadRelease } from './modules/releases/upload-client';
import { UploadError } from './modules/releases/upload-client';
import {
  audienceText,
  describeRelease,
  ReleaseCommandError,
  releaseRequestOf,
  type ReleaseFlags,
} from './modules/releases/release-command';
import { createReleaseToken } from './modules/releases/tokens';
import { insertAudit } from './modules/audit/repository';
import { releaseTokenCreateSchema } from '@home-energy/shared/schemas/admin';
import { parseRegisterCsv } from './register/csv-import';
import { loadGeo, locatePostalCode } from './register/geo';
import { normalizeStreet } from './register/search';
import { insertRegisterRows } from './modules/property/repository';
import { createSuperAdmin, removeDemoAccounts } from './seed/production-accounts';
import { staffEmailSchema, staffNameSchema } from '@home-energy/shared/schemas/admin';
import { activateRelease, listReleases, publishRelease, ReleaseError } from './modules/releases/service';
import { DataKey, parseDataKey } from './bankid/data-key';
import { DataKeyError, rotateDataKey, storedDataKey } from './bankid/data-key-store';

const DEMO_JOURNEYS = DEMO_JOURNEY_COUNT.toLocaleString('en');

const USAGE = `Usage: bff-cli <command>
  migrate                               apply database migrations
  seed [--journeys]                     load the demo organisations and staff accounts (demo mode only); with
                                        --journeys also ~${DEMO_JOURNEYS} demo homeowner journeys of the last 12 months
  demo remove                           delete the demo journeys, their homeowners and what they added to the analytics
  remove-demo-accounts                  deactivate every demo staff account (before a production start)
  create-super-admin <email> [--name N] a super admin with a one-time password, printed once (or a new one)
  release <remote> [--build] [--dir D] [--inactive]
                                        publish a remote's build as a new active release (checked against the shell);
                                        --inactive: publish only (then give it a canary audience on the Releases page)
          [--to URL --token T]          … on the deployment at URL through its API, with a release token of that
                                        remote (or RELEASE_TOKEN): from a team's CI, no access to the BFF's machine
          --to URL --canary P | --canary-brand B
                                        … uploaded inactive, then the canary for P % of sessions or brand B's
          --to URL --promote V | --rollback V | --status
                                        make V active for everyone; withdraw canary V (or make an earlier V active
                                        again); list the remote's releases with audience, sessions and errors
  create-release-token <remote> --name L  a release token for one remote's CI, printed once (revoke in the console)
  copy-objects-to-s3                    copy the local releases and brand configs into the S3 bucket (S3_*), once,
                                        when a deployment moves to object storage (what is there already is kept)
  activate <remote> <version>           make an earlier (or later) release active: rollback
  releases [remote]                     list releases, * marks the active one
  publish-local                         publish every built remote that has no release of that build yet
  import-properties <file.csv> [--skip-invalid]
                                        add properties to the register (columns: bff/src/register/README.md)
  rotate-data-key [--generate]          re-encrypt every personal number with a new data key, in one transaction:
                                        from DATA_ENCRYPTION_KEY (or the key kept in the database) to
                                        DATA_ENCRYPTION_KEY_NEW (or, with --generate or a kept key, a new one);
                                        then restart every BFF (docs/using-the-demo.md "Homeowner sign-in (BankID)")
Remotes: ${REMOTES.map((r) => r.package).join(', ')}`;

function releasedBy(): string {
  return process.env.RELEASED_BY || `${os.userInfo().username}@${os.hostname()} (cli)`;
}

function remoteArg(value: string | undefined): RemotePackage {
  const parsed = remotePackageSchema.safeParse(value);
  if (!parsed.success) throw new ReleaseError(`Unknown remote "${value ?? ''}". ${USAGE}`);
  return parsed.data;
}

/** The remote's build folder (--dir, else <remote>/dist), built first with --build. */
function buildRemote(remote: RemotePackage, values: { dir?: string; build?: boolean }): string {
  const distDir = path.resolve(values.dir ?? path.join(REPO_ROOT, remote, 'dist'));
  if (values.build) {
    const env = { ...process.env, NODE_ENV: 'production', MFE_OUT_DIR: distDir };
    const built = spawnSync('npm', ['run', 'build', '-w', remote], { cwd: REPO_ROOT, stdio: 'inherit', env });
    if (built.status !== 0) throw new ReleaseError(`Building ${remote} failed.`);
  }
  return distDir;
}

/**
 * release --to: what a team's CI asks the deployment's API with a release token (no database, no local store): upload
 * the build (active, or for a canary audience), promote or roll back a release, or list them.
 */
async function releaseThroughApi(
  remote: RemotePackage,
  values: ReleaseFlags & { dir?: string; build?: boolean; to?: string; token?: string },
): Promise<number> {
  const request = releaseRequestOf(values);
  const token = values.token ?? process.env.RELEASE_TOKEN;
  if (!token) {
    const where = "a super admin makes one in the console's Releases page";
    throw new ReleaseError(`release --to needs a release token: RELEASE_TOKEN or --token T (${where}).`);
  }
  const deployment = { to: values.to!, token, remote };
  if (request.kind === 'status') {
    const { releases } = await releaseStatus(deployment);
    if (releases.length === 0) console.log(`${remote} has no releases on ${values.to}.`);
    for (const release of releases) console.log(describeRelease(release));
    return 0;
  }
  if (request.kind === 'promote') {
    const release = await setAudience(deployment, request.version, { kind: 'everyone' });
    console.log(`${remote} ${release.version} is active for everyone on ${values.to}.`);
    return 0;
  }
  if (request.kind === 'rollback') {
    // A canary is withdrawn; any other release is made active again, which rolls back the active one.
    const { releases } = await releaseStatus(deployment);
    const release = releases.find((r) => r.version === request.version);
    if (!release) {
      const message = `${remote} has no release ${request.version} on ${values.to}. See the releases with --status.`;
      throw new UploadError(message);
    }
    const changed = await changeRelease(deployment, request.version, release.audience ? 'rollback' : 'activate');
    console.log(
      release.audience
        ? `${remote} ${changed.version}: canary withdrawn, everyone has the active release.`
        : `${remote} ${changed.version} is active for everyone again.`,
    );
    return 0;
  }
  const distDir = buildRemote(remote, values);
  const result = await uploadRelease({ ...deployment, distDir, activate: request.canary === null });
  const uploaded = `${remote} ${result.version}: ${result.created ? 'released' : 'already released'} on ${values.to}`;
  if (!request.canary) {
    console.log(`${uploaded}, active now.`);
    return 0;
  }
  const release = await setAudience(deployment, result.version, request.canary);
  console.log(`${uploaded}, ${audienceText(release)}.`);
  return 0;
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      build: { type: 'boolean', default: false },
      inactive: { type: 'boolean', default: false },
      dir: { type: 'string' },
      help: { type: 'boolean', default: false },
      'skip-invalid': { type: 'boolean', default: false },
      name: { type: 'string' },
      generate: { type: 'boolean', default: false },
      journeys: { type: 'boolean', default: false },
      to: { type: 'string' },
      token: { type: 'string' },
      canary: { type: 'string' },
      'canary-brand': { type: 'string' },
      promote: { type: 'string' },
      rollback: { type: 'string' },
      status: { type: 'boolean' },
    },
  });
  const [command, ...args] = positionals;
  if (!command || values.help) {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  // Flags that need --to are refused here, before a local release could ignore them.
  if (command === 'release' && releaseRequestOf(values) && values.to) {
    return releaseThroughApi(remoteArg(args[0]), values);
  }
  const config = loadConfig();
  const stores = productStores(config);
  // While the BFF runs on the embedded database, the CLI talks to it through the BFF's loopback socket.
  const database = await openDatabase({ ...config, DATABASE_POOL_MAX: 2 }, { attach: true });
  try {
    await runMigrations(database.db);
    switch (command) {
      case 'migrate':
        console.log('Migrations applied.');
        return 0;
      case 'seed': {
        if (!config.demo)
          throw new ConfigError(
            'seed loads the demo data (a published password): refused in production. Start in demo mode ' +
              '(DEMO_MODE=true) to use it.',
          );
        const created = await seedDemoStaff(database.db);
        if (created.length > 0) {
          console.log(`Demo staff accounts created (password for all: ${DEMO_PASSWORD}), sign in at /console:`);
          for (const email of created) console.log(`  ${email}`);
        } else console.log('Demo staff already loaded.');
        await seedPlatformContent(database.db);
        const brands = await seedDemoBrands(brandConfigStore(stores.brandConfig));
        if (brands > 0) console.log(`Demo brand configs written: ${brands}.`);
        const properties = await seedDemoRegister(database.db);
        await seedDemoInstallers(database.db);
        console.log(
          properties > 0
            ? `Demo property register loaded: ${properties} properties.`
            : 'Demo property register already loaded.',
        );
        if (values.journeys) {
          const started = performance.now();
          const vault = new PersonalNumberVault(await loadDataKey(database.db, config.DATA_ENCRYPTION_KEY));
          const loaded = await seedDemoJourneys(database.db, { vault, geo: loadGeoTables(GEO_DIR) });
          const seconds = ((performance.now() - started) / 1000).toFixed(1);
          if (!loaded) console.log('Demo journeys already loaded.');
          else {
            console.log(
              `Demo journeys loaded in ${seconds} s: ${loaded.journeys} homes of the last 12 months. What each ` +
                "organisation's console shows of them (period: 12 months):",
            );
            for (const line of demoOrganisationLines(loaded.organisations)) console.log(line);
            console.log('Remove them with `node bff/dist/cli.js demo remove`.');
          }
        }
        return 0;
      }
      case 'demo': {
        if (args[0] !== 'remove') throw new ReleaseError(`Unknown demo command "${args[0] ?? ''}". ${USAGE}`);
        const removed = await removeDemoJourneys(database.db);
        console.log(
          removed.journeys + removed.homeowners > 0
            ? `Demo journeys removed: ${removed.journeys} homes, ${removed.homeowners} homeowners, ` +
                `${removed.installerRequests} installer requests, ${removed.interactions} interactions, and ` +
                `their analytics.`
            : 'No demo journeys.',
        );
        return 0;
      }
      case 'remove-demo-accounts': {
        const removed = await removeDemoAccounts(database.db);
        console.log(
          removed.length > 0
            ? `Demo staff accounts deactivated: ${removed.join(', ')}.`
            : 'No active demo staff accounts.',
        );
        return 0;
      }
      case 'create-super-admin': {
        const email = staffEmailSchema.safeParse(args[0] ?? '');
        if (!email.success) throw new ReleaseError(`Give the super admin's email address. ${USAGE}`);
        const name = staffNameSchema.safeParse(values.name ?? email.data);
        if (!name.success) throw new ReleaseError(`--name: ${name.error.issues[0]?.message}`);
        const { oneTimePassword, created } = await createSuperAdmin(database.db, email.data, name.data);
        console.log(`${created ? 'Super admin created' : 'Super admin password reset'}: ${email.data}`);
        console.log(
          `One-time password (shown once, not stored; works until they choose their own at first sign-in): ` +
            `${oneTimePassword}`,
        );
        return 0;
      }
      case 'release': {
        const remote = remoteArg(args[0]);
        const distDir = buildRemote(remote, values);
        const result = await publishRelease(
          database.db,
          { ...config, releaseStore: stores.releases },
          { remote, distDir, releasedBy: releasedBy(), activate: values.inactive ? 'never' : 'always' },
        );
        console.log(
          `${remote} ${result.version}: ` +
            `${result.created ? 'released' : 'already released'}${result.activated ? ', active now' : ', not active'}.`,
        );
        for (const check of result.checks)
          console.log(`  shared ${check.name} ${check.requiredVersion ?? ''} ← shell ${check.shellVersion}: ok`);
        return 0;
      }
      case 'copy-objects-to-s3': {
        const copied = await copyLocalObjectsToS3(config).catch((error: Error) => {
          throw new ConfigError(error.message);
        });
        console.log(
          `Copied ${copied} objects to ${productStores(config).releases.location.replace(/\/releases$/, '')}.`,
        );
        return 0;
      }
      case 'create-release-token': {
        const remote = remoteArg(args[0]);
        const label = releaseTokenCreateSchema.shape.label.safeParse(values.name ?? '');
        if (!label.success)
          throw new ReleaseError(`--name: say whose CI uses the token (e.g. --name "results team CI"). ${USAGE}`);
        const { token, row } = await createReleaseToken(database.db, remote, label.data, releasedBy());
        await insertAudit(database.db, {
          actorId: null,
          actorEmail: releasedBy(),
          action: 'release_token.create',
          target: `release-token:${row.id}`,
          details: { remote, label: label.data },
        });
        console.log(`Release token ${row.id} for ${remote} (${label.data}); shown once, not stored:`);
        console.log(token);
        return 0;
      }
      case 'activate': {
        const remote = remoteArg(args[0]);
        const version = storedReleaseVersionSchema.safeParse(args[1]);
        if (!version.success) throw new ReleaseError(`Give the version to activate. ${USAGE}`);
        const release = await activateRelease(
          database.db,
          { ...config, releaseStore: stores.releases },
          remote,
          version.data,
          releasedBy(),
        );
        console.log(`${remote} ${release.version} is active now.`);
        return 0;
      }
      case 'releases': {
        const rows = await listReleases(database.db, args[0] ? remoteArg(args[0]) : undefined);
        if (rows.length === 0) console.log('No releases yet.');
        for (const r of rows) {
          console.log(
            `${r.active ? '*' : ' '} ${r.remote.padEnd(12)} ${r.version.padEnd(24)} ` +
              `${r.releasedAt.toISOString()}  ${r.releasedBy}`,
          );
        }
        return 0;
      }
      case 'publish-local': {
        for (const { package: remote } of REMOTES) {
          const result = await publishRelease(
            database.db,
            { ...config, releaseStore: stores.releases },
            {
              remote,
              distDir: path.join(REPO_ROOT, remote, 'dist'),
              releasedBy: releasedBy(),
              activate: 'if-new-or-none',
            },
          );
          console.log(
            `${remote} ${result.version}${result.created ? ' released' : ''}${result.activated ? ' (active)' : ''}`,
          );
        }
        return 0;
      }
      case 'import-properties': {
        // npm run changes the directory; INIT_CWD is where the person typed the command.
        const file = args[0] ? path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]) : null;
        if (!file || !fs.existsSync(file)) throw new ReleaseError(`Give the CSV file to import. ${USAGE}`);
        const { rows, errors } = parseRegisterCsv(fs.readFileSync(file));
        for (const error of errors.slice(0, 50))
          console.error(`  line ${error.line}${error.column ? `, ${error.column}` : ''}: ${error.message}`);
        if (errors.length > 50) console.error(`  … and ${errors.length - 50} more`);
        // All or nothing unless told otherwise: a half-imported file is hard to fix.
        if (errors.length > 0 && !values['skip-invalid']) {
          console.error(
            `${errors.length} problems in ${file}; nothing imported. Fix them, or pass --skip-invalid to ` +
              `import the valid rows.`,
          );
          return 1;
        }
        const geo = loadGeo(GEO_DIR);
        const inserted = await insertRegisterRows(
          database.db,
          rows.map((row) => {
            const place = locatePostalCode(geo, row.postal_code);
            return {
              street: row.street,
              streetKey: normalizeStreet(row.street),
              postalCode: row.postal_code,
              postalCity: row.postal_city,
              municipalityCode: place?.municipality.code ?? null,
              priceArea: place?.priceArea ?? null,
              building: row.building,
              issuedEpc: row.epc,
            };
          }),
          'import',
        );
        const skipped = new Set(errors.map((e) => e.line)).size;
        console.log(
          `Imported ${inserted} properties (${rows.length - inserted} already in the ` +
            `register${skipped ? `, ${skipped} rows skipped` : ''}).`,
        );
        return 0;
      }
      case 'rotate-data-key':
        return await rotateKey(database.db, config.DATA_ENCRYPTION_KEY, values.generate);
      default:
        console.error(`Unknown command "${command}".\n${USAGE}`);
        return 1;
    }
  } finally {
    await database.close();
  }
}

/**
 * rotate-data-key: which key is old, which is new, where the new one lives afterwards (docs/using-the-demo.md
 * "Homeowner sign-in (BankID)").
 */
async function rotateKey(
  db: Parameters<typeof rotateDataKey>[0],
  fromEnv: DataKey | undefined,
  generate: boolean,
): Promise<number> {
  const oldKey = fromEnv ?? (await storedDataKey(db));
  if (!oldKey)
    throw new DataKeyError(
      'No data key yet (DATA_ENCRYPTION_KEY is unset and the database keeps none): nothing to rotate.',
    );
  let newKey: DataKey;
  const newText = process.env.DATA_ENCRYPTION_KEY_NEW;
  if (newText) {
    try {
      newKey = parseDataKey(newText);
    } catch (error) {
      throw new DataKeyError(`Invalid configuration:\n  DATA_ENCRYPTION_KEY_NEW: ${(error as Error).message}`);
    }
  } else if (generate || !fromEnv) newKey = DataKey.generate(oldKey.version + 1);
  else
    throw new DataKeyError(
      `Give the new key in DATA_ENCRYPTION_KEY_NEW (v${oldKey.version + 1}:<base64 of 32 random bytes>), or ` +
        `pass --generate. ${USAGE}`,
    );
  // The database keeps the new key only when it kept the old one and nobody gave a key: otherwise the key lives outside
  // it.
  const kept = !fromEnv && !newText;
  const result = await rotateDataKey(db, oldKey, newKey, kept ? 'new-key' : 'none');
  console.log(
    `Data key rotated v${oldKey.version} → v${newKey.version}: ${result.homeowners} homeowners, ` +
      `${result.orders} BankID orders ` +
      `re-encrypted${result.ordersFailed ? `, ${result.ordersFailed} unreadable orders failed` : ''}. Key ` +
      `v${oldKey.version} is retired.`,
  );
  if (kept) console.log('The new key is kept in the database. Restart the BFF.');
  else if (newText)
    console.log('Restart every BFF with DATA_ENCRYPTION_KEY set to the value of DATA_ENCRYPTION_KEY_NEW.');
  else
    console.log(
      `Restart every BFF with this key (shown once, keep it in your secret ` +
        `store):\nDATA_ENCRYPTION_KEY=${newKey.serialize()}`,
    );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // parseArgs' own refusals (an unknown flag, a flag without its value) are for the person, too.
    const parseArgs = String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');
    const ours = [ReleaseError, ConfigError, UploadError, ReleaseCommandError].some((kind) => error instanceof kind);
    const told = parseArgs || ours;
    console.error(told ? (error as Error).message : error);
    process.exit(1);
  },
);
