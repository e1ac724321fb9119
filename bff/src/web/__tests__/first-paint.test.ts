import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { shellFiles } from '../static';

// Pages the shell build draws as static HTML (shell/first-paint.cjs) are answered with it in the visitor's language,
// so the first paint needs no script; every other client route gets the plain index.html. A console page's frame is
// only for a session the console answers.
let shellDist: string;

function app(staff?: boolean) {
  const server = express();
  server.use(shellFiles(shellDist, staff === undefined ? {} : { consoleSession: async () => staff }));
  return server;
}

const FRAMES: Record<string, string> = {
  'flow-add-property.en': '<h1>Add a property</h1>',
  'flow-contact.sv': '<h1>Kontaktuppgifter</h1>',
  'flow-account-deleted.sv': '<h1>Ditt konto har raderats</h1>',
  'sign.en': '<h1>Sign in with BankID</h1>',
  'questions.en': '<h1>About your home</h1>',
  'console-properties.en': '<h1>Properties</h1>',
  'console-home.en': '<h1>&nbsp;</h1>',
  'admin-organisations.en': '<h1>Organisations</h1>',
  'admin-releases.en': '<h1>Releases</h1>',
};

beforeEach(() => {
  shellDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));
  fs.writeFileSync(path.join(shellDist, 'index.html'), '<div id="root"></div>');
  fs.mkdirSync(path.join(shellDist, 'first-paint'));
  fs.writeFileSync(path.join(shellDist, 'first-paint', 'search.en.html'), '<h1>Find your home</h1>');
  fs.writeFileSync(path.join(shellDist, 'first-paint', 'search.sv.html'), '<h1>Hitta ditt hem</h1>');
  fs.writeFileSync(path.join(shellDist, 'first-paint', 'dashboard.en.html'), "<h1>Your home's energy results</h1>");
  fs.writeFileSync(path.join(shellDist, 'first-paint', 'dashboard.sv.html'), '<h1>Ditt hems energiresultat</h1>');
  for (const [page, html] of Object.entries(FRAMES))
    fs.writeFileSync(path.join(shellDist, 'first-paint', `${page}.html`), html);
});

afterEach(() => fs.rmSync(shellDist, { recursive: true, force: true }));

describe('static first paints', () => {
  it.each([
    ['/', 'sv-SE,sv;q=0.9,en;q=0.8', 'Hitta ditt hem'],
    ['/', 'en-US,en;q=0.9', 'Find your home'],
    ['/flow', 'sv', 'Hitta ditt hem'],
    ['/', 'de-DE,de;q=0.9,sv;q=0.5', 'Hitta ditt hem'],
    ['/', 'de-DE', 'Find your home'],
    ['/?lang=en', 'sv-SE', 'Find your home'],
    ['/?lang=sv', 'en-US', 'Hitta ditt hem'],
  ])('GET %s (Accept-Language: %s) shows "%s"', async (url, languages, heading) => {
    const res = await request(app()).get(url).set('Accept', 'text/html').set('Accept-Language', languages).expect(200);
    expect(res.text).toContain(heading);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/Accept-Language/);
  });

  it.each([
    ['/property/42/building/primary/results-dashboard', 'sv-SE', 'Ditt hems energiresultat'],
    ['/property/7/building/primary/results-dashboard/', 'en', "Your home's energy results"],
    ['/property/42/building/primary/results-dashboard?lang=en', 'sv', "Your home's energy results"],
  ])("GET %s (Accept-Language: %s) shows the dashboard's frame: %s", async (url, languages, heading) => {
    const res = await request(app()).get(url).set('Accept', 'text/html').set('Accept-Language', languages).expect(200);
    expect(res.text).toBe(`<h1>${heading}</h1>`);
    expect(res.headers.vary).toMatch(/Accept-Language/);
  });

  it.each([
    ['/flow/add-property', 'en', '<h1>Add a property</h1>'],
    ['/flow/contact/', 'sv', '<h1>Kontaktuppgifter</h1>'],
    ['/flow/account-deleted', 'sv', '<h1>Ditt konto har raderats</h1>'],
    ['/sign', 'en', '<h1>Sign in with BankID</h1>'],
    ['/flow/property/42/questions', 'en', '<h1>About your home</h1>'],
  ])("GET %s (Accept-Language: %s) shows the page's heading at once", async (url, languages, html) => {
    const res = await request(app()).get(url).set('Accept', 'text/html').set('Accept-Language', languages).expect(200);
    expect(res.text).toBe(html);
  });

  it.each([
    ['/console/org/demo-energi/properties', '<h1>Properties</h1>'],
    ['/console/org/demo-energi', '<h1>&nbsp;</h1>'],
    ['/console/admin', '<h1>Organisations</h1>'],
    ['/console/admin/releases/', '<h1>Releases</h1>'],
  ])("GET %s shows the console page's heading to a signed-in staff member only", async (url, html) => {
    const get = (server: express.Express) => request(server).get(url).set('Accept', 'text/html').expect(200);
    expect((await get(app(true))).text).toBe(html);
    expect((await get(app(false))).text).toBe('<div id="root"></div>');
    expect((await get(app())).text).toBe('<div id="root"></div>');
  });

  it('draws no page it was not built for, and never one under another name', async () => {
    for (const url of [
      '/flow/dashboard',
      '/flow/search',
      '/flow/profile',
      '/flow/../sign',
      '/console/org/demo-energi/dashboard',
      '/console/org/demo-energi/messages',
      '/console/admin/audit',
      '/console/admin/organisations/demo-energi',
      '/sign/more',
    ]) {
      const res = await request(app(true)).get(url).set('Accept', 'text/html').set('Accept-Language', 'en').expect(200);
      expect(res.text).toBe('<div id="root"></div>');
    }
  });

  it('gives every other client route the plain index.html', async () => {
    for (const url of [
      '/property/42/building/secondary/results-dashboard',
      '/property/abc/building/primary/results-dashboard',
      '/property/42/building/primary/results-dashboard/more',
      '/flow/property/0/questions',
      '/flow/property/42/questions/more',
      '/console',
    ]) {
      const res = await request(app()).get(url).set('Accept', 'text/html').set('Accept-Language', 'sv').expect(200);
      expect(res.text).toBe('<div id="root"></div>');
    }
  });

  it('falls back to index.html for `/` when the shell was built without the static pages', async () => {
    fs.rmSync(path.join(shellDist, 'first-paint'), { recursive: true });
    const res = await request(app()).get('/').set('Accept', 'text/html').expect(200);
    expect(res.text).toBe('<div id="root"></div>');
  });
});

describe('<html lang> from the first byte', () => {
  const built = '<!doctype html><html lang="en"><head><title>Home Energy</title></head><body><div id="root"></div>';

  it.each([
    ['/property/42/building/primary/results-dashboard/more', 'sv-SE,sv;q=0.9,en;q=0.8', 'sv'],
    ['/console', 'sv', 'sv'],
    ['/console', 'en-GB,en;q=0.9,sv;q=0.8', 'en'],
    ['/console?lang=sv', 'en-GB', 'sv'],
    ['/console?lang=en', 'sv', 'en'],
    ['/console', 'de-DE', 'en'],
  ])('GET %s (Accept-Language: %s) is a page in "%s"', async (url, languages, lng) => {
    fs.writeFileSync(path.join(shellDist, 'index.html'), built);
    const res = await request(app()).get(url).set('Accept', 'text/html').set('Accept-Language', languages).expect(200);
    expect(res.text.startsWith(`<!doctype html><html lang="${lng}"><head>`)).toBe(true);
    expect(res.headers.vary).toMatch(/Accept-Language/);
  });

  it.each([
    ['/console', 'lang=sv', 'en-GB', 'sv'],
    ['/console', 'lang=sv-SE', 'en-GB', 'sv'],
    ['/console', 'other=1; lang=en', 'sv-SE', 'en'],
    ['/console?lang=en', 'lang=sv', 'sv', 'en'],
    ['/console', 'lang=de', 'sv', 'sv'],
    ['/console', 'xlang=sv', 'en', 'en'],
  ])(
    "GET %s (Cookie: %s, Accept-Language: %s): the language chosen in the app wins over the browser's",
    async (url, cookie, languages, lng) => {
      fs.writeFileSync(path.join(shellDist, 'index.html'), built);
      const res = await request(app())
        .get(url)
        .set('Accept', 'text/html')
        .set('Cookie', cookie)
        .set('Accept-Language', languages)
        .expect(200);
      expect(res.text.startsWith(`<!doctype html><html lang="${lng}"><head>`)).toBe(true);
      expect(res.headers.vary).toMatch(/Cookie/);
    },
  );

  it('says the language of a static first paint too, and adds it to a page built without one', async () => {
    fs.writeFileSync(path.join(shellDist, 'first-paint', 'search.sv.html'), '<!DOCTYPE html><HTML class="x"><h1>Hej');
    const res = await request(app()).get('/').set('Accept', 'text/html').set('Accept-Language', 'sv').expect(200);
    expect(res.text).toBe('<!DOCTYPE html><HTML lang="sv" class="x"><h1>Hej');
  });
});
