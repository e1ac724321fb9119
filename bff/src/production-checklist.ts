import { BlockList, isIP } from 'node:net';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from './db/client';
import { staffUsers } from './db/schema';
import { demoDataLeft } from './seed/demo-removal';

/**
 * What a production start (NODE_ENV=production without DEMO_MODE=true) refuses, so a deployment cannot ship the
 * demo's public accounts, its fake BankID or secrets it made up itself. docs/operations.md "Production start" lists the
 * same.
 */
export interface ProductionProblem {
  variable: string;
  message: string;
}

interface ProductionSettings {
  SEED_DEMO: boolean;
  FAKE_LOGIN: boolean;
  BANKID_URL?: string;
  AUTH_SECRET?: string;
  DATA_ENCRYPTION_KEY?: unknown;
  PUBLIC_URL?: string;
  PRIVACY_OPERATOR_NAME?: string;
  PRIVACY_OPERATOR_ORG_NUMBER?: string;
  PRIVACY_OPERATOR_ADDRESS?: string;
  PRIVACY_CONTACT_EMAIL?: string;
}

/**
 * The operator the demo's privacy notice names: made up, so that `npm start` shows a whole notice. config.ts takes
 * them as the defaults of the `PRIVACY_*` settings; a production start refuses each one still left at it.
 */
export const DEMO_PRIVACY_OPERATOR = {
  PRIVACY_OPERATOR_NAME: 'Home Energy Demo AB',
  PRIVACY_OPERATOR_ORG_NUMBER: '556000-0000',
  PRIVACY_OPERATOR_ADDRESS: 'Exempelgatan 1, 111 11 Stockholm',
  PRIVACY_CONTACT_EMAIL: 'privacy@home-energy.invalid',
} as const;

/** What each operator setting is, as the refusal names it. */
const OPERATOR_SETTING: Record<keyof typeof DEMO_PRIVACY_OPERATOR, string> = {
  PRIVACY_OPERATOR_NAME: 'name of who runs the service (the controller)',
  PRIVACY_OPERATOR_ORG_NUMBER: "controller's organisation number",
  PRIVACY_OPERATOR_ADDRESS: "controller's postal address",
  PRIVACY_CONTACT_EMAIL: 'address people write to about their data',
};

/** Loopback and "this host" addresses: 127.0.0.0/8, 0.0.0.0/8, ::1, :: (and IPv4-mapped forms of the first two). */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addSubnet('0.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
LOOPBACK.addAddress('::', 'ipv6');
/** Names that mean this machine whatever DNS says (RFC 6761 §6.3, and the usual /etc/hosts aliases). */
const LOOPBACK_NAMES = new Set(['localhost', 'localhost.localdomain', 'ip6-localhost', 'ip6-loopback']);

/**
 * Whether a URL points at this machine, read as WHATWG URL normalises it (what fetch connects to): decimal, hex and
 * short IPv4 forms (`2130706433`, `0x7f.1`, `127.1`), IPv6 and IPv4-mapped literals (`[::ffff:127.0.0.1]`), trailing
 * dots (`localhost.`) and any name under `localhost`. An unparsable URL counts as loopback: it is refused either way.
 */
export function isLoopback(url: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.toLowerCase();
  } catch {
    return true;
  }
  const name = hostname.replace(/\.+$/, '');
  const address = name.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(address);
  if (family !== 0) return LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
  return LOOPBACK_NAMES.has(name) || name.endsWith('.localhost');
}

/** Every setting a production start lacks or must not have, one message each. */
export function productionConfigProblems(settings: ProductionSettings): ProductionProblem[] {
  const problems: ProductionProblem[] = [];
  if (settings.SEED_DEMO)
    problems.push({
      variable: 'SEED_DEMO',
      message: 'demo organisations and accounts (with a published password) must not be loaded in production',
    });
  if (settings.FAKE_LOGIN)
    problems.push({
      variable: 'FAKE_LOGIN',
      message: 'must not be enabled in production (it signs anyone in as a homeowner)',
    });
  if (!settings.BANKID_URL) {
    problems.push({
      variable: 'BANKID_URL',
      message:
        'required in production: the RP API of BankID (e.g. https://appapi2.bankid.com/rp/v6.0); the bundled ' +
        'simulator is for the demo only',
    });
  } else if (!/^https:\/\//i.test(settings.BANKID_URL) || isLoopback(settings.BANKID_URL)) {
    problems.push({ variable: 'BANKID_URL', message: 'must be BankID over https, not the simulator on loopback' });
  }
  if (!settings.AUTH_SECRET)
    problems.push({
      variable: 'AUTH_SECRET',
      message:
        'required in production (32+ random characters, e.g. `openssl rand -base64 48`), not generated and ' +
        'kept beside the data',
    });
  if (!settings.DATA_ENCRYPTION_KEY)
    problems.push({
      variable: 'DATA_ENCRYPTION_KEY',
      message:
        'required in production: the key protecting personal numbers at rest (docs/operations.md "Configuration")',
    });
  if (!settings.PUBLIC_URL)
    problems.push({
      variable: 'PUBLIC_URL',
      message: "required in production: the public https origin; the request's Host header is never used to build URLs",
    });
  else if (!settings.PUBLIC_URL.startsWith('https://'))
    problems.push({ variable: 'PUBLIC_URL', message: 'must be https:// in production (secure cookies)' });
  for (const [variable, demoValue] of Object.entries(DEMO_PRIVACY_OPERATOR) as [
    keyof typeof DEMO_PRIVACY_OPERATOR,
    string,
  ][]) {
    // Unset counts as the demo's: loadConfig fills the default in before this runs.
    if ((settings[variable] ?? demoValue) === demoValue)
      problems.push({
        variable,
        message:
          `required in production: the ${OPERATOR_SETTING[variable]}; the demo's (${demoValue}) is made up, and ` +
          'the privacy notice would name it to every homeowner (docs/privacy.md "Privacy notice")',
      });
  }
  return problems;
}

/** Demo staff accounts that can still sign in: their emails and password are in the README. */
export async function activeDemoAccounts(db: Db): Promise<string[]> {
  // Super admins first: they are the worst of them to leave behind.
  const rows = await db
    .select({ email: staffUsers.email })
    .from(staffUsers)
    .where(and(eq(staffUsers.demo, true), eq(staffUsers.active, true)))
    .orderBy(desc(staffUsers.superAdmin), asc(staffUsers.email));
  return rows.map((r) => r.email);
}

/** The database part of the checklist, run before a production server listens. */
export async function productionDatabaseProblems(db: Db): Promise<ProductionProblem[]> {
  const problems: ProductionProblem[] = [];
  const demo = await activeDemoAccounts(db);
  if (demo.length > 0) {
    const shown = demo.slice(0, 3).join(', ') + (demo.length > 3 ? ', …' : '');
    problems.push({
      variable: 'database',
      message:
        `${demo.length} demo staff account(s) can sign in (${shown}): run \`node bff/dist/cli.js ` +
        `remove-demo-accounts\` first`,
    });
  }
  // Made-up homes would count in every organisation's analytics.
  const left = await demoDataLeft(db);
  if (left.journeys + left.homeowners > 0) {
    problems.push({
      variable: 'database',
      message:
        `${left.journeys} demo homeowner journey(s) and ${left.homeowners} demo homeowner(s) are loaded: run ` +
        `\`node bff/dist/cli.js demo remove\` first`,
    });
  }
  return problems;
}
