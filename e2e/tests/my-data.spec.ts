import { expect, test, type Page } from '@playwright/test';
import AdmZip from 'adm-zip';
// @ts-expect-error plain ESM helper shared with serve.mjs
import { E2E_BANKID_PORT } from '../e2e-env.mjs';
import { measureName } from '@home-energy/shared/energy/measure-names';
import { measureOfferedToInstallers, signInHomeowner, signInStaff } from './support';

const SIMULATOR = `http://127.0.0.1:${E2E_BANKID_PORT}`;
const PERSON = { personalNumber: '198606067777', name: 'Dora Dataägare' };

/**
 * A register home in this homeowner's profile with answers and a one-measure plan, and a request to Demo Installation
 * AB for that measure (the measure the installer-leads journey asks for, so the demo installer does it).
 */
async function homeWithPlanAndRequest(page: Page): Promise<{ id: number; street: string; measure: string }> {
  const suggestions = await (await page.request.get('/api/flow/property-search/suggestions?q=Sankt')).json();
  const home = (suggestions as { suggestions: { id: number; name: string }[] }).suggestions[0]!;
  const built = await page.request.post(`/api/flow/property/${home.id}/building`, {
    data: { occupants: 3, indoor_temperature: 21 },
  });
  expect(built.status(), await built.text()).toBe(200);
  const measure = measureOfferedToInstallers((await built.json()).recommendations);
  const plan = await page.request.post(`/api/flow/property/${home.id}/plan`, {
    data: { measures: [measure], loan: { type: 'Cash' } },
  });
  expect(plan.status(), await plan.text()).toBe(200);
  const contact = await page.request.post('/api/flow/user/profile/contact', {
    data: { name: PERSON.name, email: `dora-${Date.now().toString(36)}@example.se`, mobile: '070-777 66 55' },
  });
  expect(contact.status(), await contact.text()).toBe(200);
  const asked = await page.request.post(`/api/flow/property/${home.id}/installer-requests`, {
    data: [{ installer: 'demo-installer', key: measure, selected: true }],
  });
  expect(asked.status(), await asked.text()).toBe(201);
  return { id: home.id, street: home.name.split(',')[0]!, measure };
}

// docs/privacy.md: the homeowner takes their data (in Swedish) and deletes their account (in English), confirmed with
// BankID on the simulator's test app; signing in again starts an empty account, and the installer keeps the lead
// without the person.
test('"Download my data" gives the homes and answers, "Delete my account" leaves an empty account', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ locale: 'sv-SE', acceptDownloads: true });
  const page = await context.newPage();
  await signInHomeowner(page, SIMULATOR, PERSON.personalNumber, PERSON.name);
  const home = await homeWithPlanAndRequest(page);

  await page.goto('/flow/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Mina hem' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Dina uppgifter', exact: true })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Ladda ner mina uppgifter' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^home-energy-data-\d{4}-\d\d-\d\d\.zip$/);
  const zip = new AdmZip(await download.path());
  const data = JSON.parse(zip.readAsText('data.json'));
  expect(data.profile).toMatchObject({ personal_number: PERSON.personalNumber, name: PERSON.name });
  expect(data.homes.map((h: { property_id: number }) => h.property_id)).toEqual([home.id]);
  const answered = data.home_profiles.find((p: { property_id: number }) => p.property_id === home.id);
  expect(answered.answers).toMatchObject({ occupants: 3, indoor_temperature: 21 });
  expect(answered.plan.measures).toEqual([home.measure]);
  expect(data.installer_requests).toHaveLength(1);
  expect(data.installer_requests[0]).toMatchObject({ installer: 'demo-installer', measure: home.measure });
  const readable = zip.readAsText('index.html');
  expect(readable).toContain('<html lang="sv">');
  expect(readable).toContain('<h1>Dina uppgifter hos Home Energy</h1>');
  expect(readable).toContain('<th scope="col">Adress</th>');
  expect(readable).toContain(home.street);
  // The home's answers as the questions page asks them, the plan's measure by the dashboard's name: no code, no JSON.
  const { questions } = await (await page.request.get('/api/flow/questions')).json();
  const asked = (key: string) => questions.find((q: { key: string }) => q.key === key).texts.sv.header;
  expect(readable).toContain(`<tr><th scope="row">${asked('indoor_temperature')}</th><td>21 °C</td></tr>`);
  expect(readable).toContain(`<tr><th scope="row">Åtgärder</th><td>${measureName('sv', home.measure)}</td></tr>`);
  expect(readable).not.toContain('<pre>');

  // The rest in English, switched on the page as a visitor does.
  await page.getByRole('banner').getByRole('combobox').selectOption({ label: 'English' });
  await expect(page.getByRole('heading', { level: 1, name: 'My homes' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete my account…' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('This cannot be undone. You confirm with BankID.');
  await page.getByRole('button', { name: 'Yes, confirm with BankID' }).click();
  await expect(
    page.getByRole('heading', { name: 'Confirm with BankID that you want to delete your account' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'BankID on another device' }).click();
  const [phone] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: /Open in the test app/ }).click(),
  ]);
  await phone.waitForLoadState();
  const orderRef = new URL(phone.url()).hash.replace('#order-', '');
  const order = phone.locator(`article#order-${orderRef}`);
  // What the BankID app shows: that this is the deletion, in the page's language.
  await expect(order.locator('pre')).toContainText('# Delete your Home Energy account');
  await expect(order.locator('pre')).toContainText('deleted for good');
  await order.getByLabel('Personal number (12 digits)').fill(PERSON.personalNumber);
  await order.getByLabel('Name').fill(PERSON.name);
  await order.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/flow\/account-deleted$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Everything it held is gone.');
  expect((await (await page.request.get('/api/auth/session')).json()).user).toBeUndefined();
  await phone.close();

  // The same person signing in again gets a new, empty account.
  await signInHomeowner(page, SIMULATOR, PERSON.personalNumber, PERSON.name);
  await page.goto('/flow/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My homes' })).toBeVisible();
  await expect(page.getByText('No homes in your profile yet.')).toBeVisible();
  expect((await (await page.request.get('/api/flow/user/profile')).json()).properties).toEqual([]);
  await context.close();

  // The installer keeps the lead, without the person.
  const staff = await (await browser.newContext()).newPage();
  await signInStaff(staff, 'staff@installer.demo.test');
  await staff.goto(`/console/org/demo-installer/requests?${new URLSearchParams({ q: home.street })}`);
  const lead = staff
    .getByRole('listitem')
    .filter({ hasText: home.street })
    .filter({ hasText: 'Withdrawn – account deleted' })
    .first();
  await expect(lead).toBeVisible();
  await expect(lead).toContainText('the request stays here without their name or contact details');
  await expect(lead).not.toContainText(PERSON.name);
  await expect(lead).not.toContainText('+46707776655');
  await staff.context().close();
});
