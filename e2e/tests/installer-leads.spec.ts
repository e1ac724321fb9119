import { expect, test } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with serve.mjs
import { E2E_BANKID_PORT } from '../e2e-env.mjs';
import { measureOfferedToInstallers, signInHomeowner, signInStaff, SUPER_ADMIN } from './support';

const SIMULATOR = `http://127.0.0.1:${E2E_BANKID_PORT}`;
const dashboard = (id: number) => `/property/${id}/building/primary/results-dashboard`;

// The whole installer-lead journey (docs/using-the-demo.md "Installer leads"): the homeowner asks Demo Installation AB,
// its staff see the request with the mobile number, the homeowner confirms their email through the link in the mail
// (read in the demo's Outbox, as a super admin would show it), the staff then see the email too, mark the request
// contacted, and the homeowner sees "Contacted".
test('a homeowner request reaches the installer organisation, and its status comes back to the homeowner', async ({
  browser,
}) => {
  const homeowner = await (await browser.newContext()).newPage();
  const suggestions = await (await homeowner.request.get('/api/flow/property-search/suggestions?q=L')).json();
  const home = suggestions.suggestions?.[0] ?? suggestions[0];
  await signInHomeowner(homeowner, SIMULATOR, '196505051234', 'Lena Leadsson');
  const built = await homeowner.request.post(`/api/flow/property/${home.id}/building`, { data: { occupants: 2 } });
  expect(built.status(), await built.text()).toBe(200);
  const measure = measureOfferedToInstallers((await built.json()).recommendations);
  const email = `lena-${Date.now().toString(36)}@example.se`;
  await homeowner.goto(dashboard(home.id));
  const card = homeowner.locator(`[data-activity="${measure}"]`);
  await card.getByRole('button', { name: 'Contact installers' }).click();
  await card.getByRole('checkbox', { name: /Demo Installation AB/ }).check();
  await card.getByRole('button', { name: 'Send request' }).click();
  await card.getByLabel('Email').fill(email);
  await card.getByLabel('Mobile number').fill('070-111 22 33');
  await card.getByRole('button', { name: 'Save and send' }).click();
  await expect(homeowner.getByText('Your request was sent to 1 installer.')).toBeVisible();
  await expect(card.getByTestId('request-status')).toHaveText(
    'Request sent to Demo Installation AB · Not yet answered',
  );

  // The address is not confirmed yet: the card says where to look, the installer gets the mobile number only.
  await expect(card.getByText(`Check your inbox to confirm ${email}`, { exact: false })).toBeVisible();
  const staff = await (await browser.newContext()).newPage();
  await signInStaff(staff, 'staff@installer.demo.test');
  await staff.goto('/console/org/demo-installer/requests');
  const lead = staff.getByRole('listitem').filter({ hasText: 'Lena Leadsson' }).first();
  await expect(lead.getByRole('link', { name: '+46701112233' })).toBeVisible();
  await expect(lead.getByText('Not confirmed by the homeowner yet')).toBeVisible();

  // The confirmation mail, in the Outbox: its link opens the product's page, which confirms the address.
  const admin = await (await browser.newContext()).newPage();
  await signInStaff(admin, SUPER_ADMIN);
  await admin.goto('/console/admin/outbox');
  const mails = admin.getByRole('table', { name: 'Mails in the outbox' });
  await mails
    .getByRole('row')
    .filter({ hasText: email })
    .getByRole('link', { name: 'Confirm your email address' })
    .click();
  const text = (await admin.getByTestId('outbox-mail-text').textContent())!;
  const link = /http:\/\/localhost:\d+(\/flow\/confirm-email#token=[\w-]+)/.exec(text)?.[1];
  expect(link).toBeTruthy();
  await homeowner.goto(link!);
  await expect(homeowner.getByText(`Thank you: ${email} is confirmed.`)).toBeVisible();

  await staff.reload();
  await expect(lead.getByRole('link', { name: email })).toBeVisible();
  await lead.getByLabel('New status').selectOption('contacted');
  await lead.getByLabel('Note').fill('Called, visit on Monday.');
  await lead.getByRole('button', { name: 'Save status' }).click();
  await expect(lead.getByText('Contacted', { exact: true })).toBeVisible();

  // Back on the dashboard (the homeowner's page was on the confirmation page last).
  await homeowner.goto(dashboard(home.id));
  await expect(homeowner.locator(`[data-activity="${measure}"]`).getByTestId('request-status')).toHaveText(
    'Request sent to Demo Installation AB · Contacted',
  );
  await homeowner.goto('/flow/profile');
  await expect(homeowner.getByText(/Demo Installation AB .*: Contacted/)).toBeVisible();
});

// The installer's working day in Swedish (the demo journeys give Demo Installation AB over a hundred leads): the
// status filter with its counts, the pager, the address search with the postcode as the page writes it, all kept in
// the address across a reload, and a saved status confirmed in words.
test('the Requests page at volume, in Swedish: filter, page, search, save', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'sv-SE' });
  const staff = await context.newPage();
  await signInStaff(staff, 'staff@installer.demo.test');
  await staff.goto('/console/org/demo-installer/requests');
  await expect(staff.locator('html')).toHaveAttribute('lang', 'sv');
  const filters = staff.getByRole('search', { name: 'Hitta förfrågningar' });
  const status = filters.getByLabel('Status');
  await expect(staff.getByText(/^Visar 1–20 av \d+ förfrågningar\.$/)).toBeVisible();

  // The status filter says how many each status holds; the fullest one shows that many, 20 a page.
  const labels = await status.locator('option').allTextContents();
  const [fullest, count] = labels
    .map((label) => [label, Number(/ \((\d+)\)$/.exec(label)?.[1] ?? -1)] as const)
    .filter(([label]) => !label.startsWith('Alla'))
    .reduce((most, option) => (option[1] > most[1] ? option : most));
  expect(count).toBeGreaterThan(20);
  await status.selectOption({ label: fullest });
  await expect(staff).toHaveURL(/[?&]status=/);
  await expect(staff.getByText(`Visar 1–20 av ${count} förfrågningar.`)).toBeVisible();
  const cards = staff.locator('ol.cn-queue > li');
  const word = fullest.replace(/ \(\d+\)$/, '');
  await expect(staff.locator('ol.cn-queue .cn-lead__status')).toHaveText(Array(20).fill(word));

  const pages = Math.ceil(count / 20);
  const pager = staff.getByRole('navigation', { name: 'Sidor med förfrågningar' });
  await pager.getByRole('button', { name: 'Nästa' }).click();
  await expect(staff).toHaveURL(/[?&]page=2/);
  await expect(pager.getByText(`Sida 2 av ${pages}`)).toBeVisible();
  await staff.reload();
  await expect(staff.getByText(`Visar 21–${Math.min(40, count)} av ${count} förfrågningar.`)).toBeVisible();

  // A lead's postcode as the page writes it ("424 21") finds that lead.
  const postcode = /\b\d{3} \d{2}\b/.exec((await cards.first().textContent())!)![0];
  await filters.getByLabel('Sök adress eller namn').fill(postcode);
  await filters.getByRole('button', { name: 'Sök' }).click();
  await expect(staff).toHaveURL(/[?&]q=/);
  await expect(cards.first()).toBeVisible();
  await expect(cards.filter({ hasNotText: postcode })).toHaveCount(0);

  // Moving a new lead on is confirmed in words, for screen readers too.
  await staff.goto('/console/org/demo-installer/requests?status=new');
  const lead = cards.first();
  await lead.getByLabel('Ny status').selectOption({ label: 'Kontaktad' });
  await lead.getByRole('button', { name: 'Spara status' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Status sparad.' })).toBeAttached();
  await context.close();
});
