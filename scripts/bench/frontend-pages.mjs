// The pages the front-end bench measures, their budgets, and the visitors it signs in to reach them (cookie sessions
// handed to Lighthouse as a Cookie header). Routes and sign-ins as the e2e suite uses them (e2e/tests/support.ts).
const PROPERTY_ID = 42; // a demo-register property (e2e/tests/support.ts uses the same one)
const ORG = '/console/org/demo-energi';
const STAFF = { email: 'super@demo.test', password: 'energy-demo-2026' };
const HOMEOWNER = { personalNumber: '198507099805', name: 'Karin Karlsson' };

/**
 * What a homeowner page and a staff page must reach on the lab bench (docs/performance.md "Budgets"): Lighthouse's
 * performance score and the page's usable time on its mobile profile with devtools throttling; CLS the same everywhere.
 */
export const BUDGETS = {
  homeowner: { minScore: 0.9, maxUsableMs: 2500, maxCls: 0.02 },
  console: { minScore: 0.85, maxUsableMs: 3500, maxCls: 0.02 },
};

const homeowner = (key, path, visitor = 'anonymous') => ({ key, path, visitor, budget: BUDGETS.homeowner });
const staff = (key, path) => ({ key, path, visitor: 'staff', budget: BUDGETS.console });

/** Every page a user lands on. `visitor`: anonymous, with-answers (an anonymous flow session), homeowner, staff. */
export const PAGES = [
  homeowner('address search', '/'),
  homeowner('questions', `/flow/property/${PROPERTY_ID}/questions`),
  homeowner('results dashboard', `/property/${PROPERTY_ID}/building/primary/results-dashboard`, 'with-answers'),
  // Opened from a shared link: no answers in this session, the register's figures only.
  homeowner('dashboard from a link', `/property/${PROPERTY_ID}/building/primary/results-dashboard`),
  homeowner('sign-in', '/sign'),
  homeowner('my homes', '/flow/profile', 'homeowner'),
  homeowner('add property', '/flow/add-property', 'homeowner'),
  homeowner('contact', '/flow/contact', 'homeowner'),
  // The address staff type or bookmark: signed in, it leads to their home (the super admin's: the admin pages).
  staff('console from its address', '/console'),
  staff('console home', ORG),
  staff('console analytics', `${ORG}/properties`),
  staff('console activities', `${ORG}/activities`),
  staff('console users', `${ORG}/users`),
  staff('console transition', `${ORG}/transition`),
  staff('console portfolio', `${ORG}/portfolio`),
  staff('console configuration', `${ORG}/configuration`),
  staff('console validation', `${ORG}/validation`),
  staff('console messages', `${ORG}/messages`),
  staff('console user management', `${ORG}/user-management`),
  staff('admin organisations', '/console/admin'),
  staff('admin releases', '/console/admin/releases'),
  staff('admin speed', '/console/admin/speed'),
];

export class CookieJar {
  cookies = new Map();
  take(res) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
  get header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  async fetch(url, init = {}) {
    const cookie = this.cookies.size ? { cookie: this.header } : {};
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers, ...cookie } });
    this.take(res);
    return res;
  }
}

export async function expectOk(res, what) {
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return res;
}

const JSON_HEADERS = { 'content-type': 'application/json' };
const postJson = (client, url, data) =>
  client.fetch(url, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(data) });
const plain = { fetch: (url, init) => fetch(url, init) };
const getJson = async (client, url, what) => (await expectOk(await client.fetch(url), what)).json();

/** A visitor who answered the questions for the property: the dashboard shows their results. */
async function visitorWithAnswers(base) {
  const jar = new CookieJar();
  const answers = { occupants: 3, indoor_temperature: 21 };
  await expectOk(await postJson(jar, `${base}/api/flow/property/${PROPERTY_ID}/building`, answers), 'saving answers');
  return jar;
}

/**
 * Homes that came through the demo brand (as e2e/tests/performance-budgets.spec.ts makes them): without them the
 * console's analytics pages show their empty state, and no chart is measured.
 */
export async function homesThroughBrand(base) {
  for (const id of [PROPERTY_ID, 7]) {
    const url = `${base}/api/flow/property/${id}/building?owner=demo-energi`;
    const answers = { occupants: 3, indoor_temperature: 21 };
    await expectOk(await postJson(new CookieJar(), url, answers), 'a home through the brand');
  }
}

/** The super admin, signed in through the NextAuth credentials protocol (as e2e/tests/support.ts signInStaff). */
export async function staffSession(base) {
  const jar = new CookieJar();
  const { csrfToken } = await getJson(jar, `${base}/api/auth/csrf`, 'csrf');
  const form = new URLSearchParams({ csrfToken, ...STAFF, callbackUrl: '/console', json: 'true' });
  const headers = { 'content-type': 'application/x-www-form-urlencoded' };
  const res = await jar.fetch(`${base}/api/auth/callback/credentials`, { method: 'POST', headers, body: form });
  await expectOk(res, `sign-in as ${STAFF.email}`);
  return jar;
}

/** A homeowner signed in with BankID, approved on the bundled simulator (as e2e/tests/support.ts signInHomeowner). */
async function homeownerSession(base, simulator) {
  const jar = new CookieJar();
  const { csrfToken } = await getJson(jar, `${base}/api/auth/csrf`, 'csrf');
  const start = { csrfToken, loginMethod: 'bankid.other_device' };
  await expectOk(await postJson(jar, `${base}/api/flow/user/sign`, start), 'BankID start');
  const { orders } = await getJson(plain, `${simulator}/simulator/api/orders`, 'simulator orders');
  const order = orders.findLast((o) => o.status === 'pending');
  if (!order) throw new Error('no pending BankID order on the simulator');
  const approve = `${simulator}/simulator/api/orders/${order.orderRef}/approve`;
  await expectOk(await postJson(plain, approve, HOMEOWNER), 'BankID approve');
  for (let i = 0; i < 40; i += 1) {
    if ((await getJson(jar, `${base}/api/flow/user/sign`, 'BankID status')).requestStatus === 'complete') break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await expectOk(await postJson(jar, `${base}/api/flow/user/auth`, { csrfToken }), 'sign-in');
  return jar;
}

/** A fresh session for one run of a page (null for an anonymous visitor). */
export function sessionFor(visitor, { base, simulator }) {
  if (visitor === 'staff') return staffSession(base);
  if (visitor === 'homeowner') return homeownerSession(base, simulator);
  if (visitor === 'with-answers') return visitorWithAnswers(base);
  return null;
}
