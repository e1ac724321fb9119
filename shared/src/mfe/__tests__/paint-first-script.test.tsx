import { AFTER_FIRST_PAINT_ID, APP_ENTRY_ATTRIBUTE, PAINT_FIRST_SCRIPT } from '../paint-first-script.cjs';

// The inline starter of pages with a static first paint: main.js runs once that page has been painted, with the
// files the app needs next (the template's preloads); never twice, and at once when there is nothing to paint.
const ENTRY = '/main.0123456789.js';

function writePage() {
  document.head.innerHTML = `<link rel="preload" as="script" href="${ENTRY}" ${APP_ENTRY_ATTRIBUTE}>`;
  document.body.innerHTML =
    `<div id="first-paint"><h1>Find your home</h1></div><div id="root"></div><template ` +
    `id="${AFTER_FIRST_PAINT_ID}"><link rel="preload" as="style" href="/721.css"><link rel="preload" ` +
    `as="fetch" href="/locales/en/common.json" crossorigin></template>`;
}

const entryScripts = () => [...document.head.querySelectorAll('script')].map((script) => new URL(script.src).pathname);
const preloadsInHead = () =>
  [...document.head.querySelectorAll('link[rel="preload"]')].map((link) => link.getAttribute('href'));
// oxlint-disable-next-line no-eval -- runs the inline script as the page's <script> tag would
const runStarter = () => window.eval(PAINT_FIRST_SCRIPT);
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

let visibility: DocumentVisibilityState = 'visible';
beforeAll(() => Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility }));
beforeEach(() => {
  visibility = 'visible';
  writePage();
});
afterEach(() => {
  jest.restoreAllMocks();
  delete (window as { PerformanceObserver?: unknown }).PerformanceObserver;
});

/** A PerformanceObserver that only knows paint entries, delivered when the test says the browser painted. */
function fakePaintTiming() {
  const observers: ((list: { getEntriesByName(name: string): unknown[] }, observer: { disconnect(): void }) => void)[] =
    [];
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    private connected = true;
    constructor(private readonly callback: (typeof observers)[number]) {}
    observe() {
      observers.push((list, observer) => this.connected && this.callback(list, observer));
    }
    disconnect() {
      this.connected = false;
    }
  }
  (window as { PerformanceObserver?: unknown }).PerformanceObserver = FakeObserver;
  return (name: string) => {
    for (const deliver of [...observers])
      deliver({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) }, { disconnect: () => undefined });
  };
}

describe('the first-paint starter', () => {
  it('starts main.js a frame after the first contentful paint, with the preloads the template held', async () => {
    const paint = fakePaintTiming();
    runStarter();
    expect(entryScripts()).toEqual([]);
    expect(preloadsInHead()).toEqual([ENTRY]);

    paint('first-paint'); // a paint with no content yet (background only) is not the static page
    await nextFrame();
    await nextFrame();
    expect(entryScripts()).toEqual([]);

    // The first contentful paint may be of a half-parsed page: the next frame holds all of it.
    paint('first-contentful-paint');
    expect(entryScripts()).toEqual([]);
    expect(preloadsInHead()).toEqual([ENTRY]);
    await nextFrame();
    await nextFrame();
    await nextFrame();
    expect(entryScripts()).toEqual([ENTRY]);
    expect(preloadsInHead()).toEqual([ENTRY, '/721.css', '/locales/en/common.json']);
    expect(document.getElementById(AFTER_FIRST_PAINT_ID)?.innerHTML).toBe('');

    paint('first-contentful-paint');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(entryScripts()).toEqual([ENTRY]);
  });

  it('without paint timing, starts after the first frame has been drawn (the second frame)', async () => {
    runStarter();
    await nextFrame();
    expect(entryScripts()).toEqual([]);
    await nextFrame();
    await nextFrame();
    expect(entryScripts()).toEqual([ENTRY]);
  });

  it('starts at once in a page opened in the background, which paints nothing until shown', () => {
    visibility = 'hidden';
    fakePaintTiming();
    runStarter();
    expect(entryScripts()).toEqual([ENTRY]);
    expect(preloadsInHead()).toEqual([ENTRY, '/721.css', '/locales/en/common.json']);
  });

  it('asks for the preloads in their order, all in one task, then main.js in the next', async () => {
    const many = Array.from({ length: 5 }, (_, i) => `/chunk-${i}.js`);
    document.getElementById(AFTER_FIRST_PAINT_ID)!.innerHTML = many
      .map((href) => `<link rel="preload" as="script" href="${href}">`)
      .join('');
    const paint = fakePaintTiming();
    runStarter();
    paint('first-contentful-paint');
    await nextFrame();
    await nextFrame();
    const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
    expect(preloadsInHead()).toEqual([ENTRY, ...many]);
    expect(entryScripts()).toEqual([]);
    await nextTask();
    expect(entryScripts()).toEqual([ENTRY]);
    expect(document.getElementById(AFTER_FIRST_PAINT_ID)?.innerHTML).toBe('');
  });

  it("opens the site's storage in main.js's task, before inserting it, and starts without storage", async () => {
    const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
    const entriesWhenOpened: number[] = [];
    jest.spyOn(Storage.prototype, 'length', 'get').mockImplementation(() => {
      entriesWhenOpened.push(entryScripts().length);
      return 0;
    });
    const paint = fakePaintTiming();
    runStarter();
    paint('first-contentful-paint');
    await nextFrame();
    await nextFrame();
    // Not in the frame's callback, which asked for the preloads: in the next task, just before main.js.
    expect(preloadsInHead()).toEqual([ENTRY, '/721.css', '/locales/en/common.json']);
    expect(entriesWhenOpened).toEqual([]);
    await nextTask();
    expect(entriesWhenOpened).toEqual([0]);
    expect(entryScripts()).toEqual([ENTRY]);

    // Storage refused (turned off in the browser): main.js starts all the same.
    jest.restoreAllMocks();
    writePage();
    jest.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const paintAgain = fakePaintTiming();
    runStarter();
    paintAgain('first-contentful-paint');
    await nextFrame();
    await nextFrame();
    await nextTask();
    expect(entryScripts()).toEqual([ENTRY]);
  });

  it('starts when the page is hidden before its first paint', () => {
    fakePaintTiming();
    runStarter();
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(entryScripts()).toEqual([ENTRY]);
  });
});
