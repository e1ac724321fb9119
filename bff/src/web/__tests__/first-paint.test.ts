import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { shellFiles } from '../static';

// Issue 12: `/` is answered with the address search page as static HTML in the visitor's language, so the first paint
// needs no script; every other client route still gets the plain index.html.
let shellDist: string;

function app() {
  const server = express();
  server.use(shellFiles(shellDist));
  return server;
}

beforeEach(() => {
  shellDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-dist-'));
  fs.writeFileSync(path.join(shellDist, 'index.html'), '<div id="root"></div>');
  fs.mkdirSync(path.join(shellDist, 'first-paint'));
  fs.writeFileSync(path.join(shellDist, 'first-paint', 'search.en.html'), '<h1>Find your home</h1>');
  fs.writeFileSync(path.join(shellDist, 'first-paint', 'search.sv.html'), '<h1>Hitta ditt hem</h1>');
  fs.writeFileSync(path.join(shellDist, 'first-paint', 'dashboard.en.html'), "<h1>Your home's energy results</h1>");
  fs.writeFileSync(path.join(shellDist, 'first-paint', 'dashboard.sv.html'), '<h1>Ditt hems energiresultat</h1>');
});

afterEach(() => fs.rmSync(shellDist, { recursive: true, force: true }));

describe('static first paint of the address search page', () => {
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

  it('gives every other client route the plain index.html', async () => {
    for (const url of [
      '/property/42/building/secondary/results-dashboard',
      '/property/abc/building/primary/results-dashboard',
      '/property/42/building/primary/results-dashboard/more',
      '/flow/property/42/questions',
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
