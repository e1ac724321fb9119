// Pages with a static first paint (shell/first-paint.cjs) start the app only once that page is on screen.
// With `<script defer src=main.js>` the race between main.js arriving and the browser's first frame decided what came
// first: when main.js won (a fast network), its evaluation held the first paint back (100 → 230 ms on loopback) and
// every file that had finished by then counted as needed for it (Lighthouse's simulated LCP: 0.7 → 2.1 s). On these
// pages main.js is still fetched at once (a preload) but runs after the first contentful paint, and every other file
// (the boot chunks, the remote's scripts, styles, texts, manifest) is asked for at that moment: they wait in
// <template id="after-first-paint">. Fetched earlier, the chunks that then run in tasks under 10 ms (which Lighthouse's
// simulation drops from its graph, so it cannot see they ran after the paint) counted as needed for the largest paint
// (simulated LCP 0.7 → 2.4–2.9 s while the largest element was the static page's). The build writes the script inline
// (shared/build/paint-first.cjs), the BFF's Content-Security-Policy allows exactly its hash, and the BFF puts the
// page's hints in the template.
const crypto = require('node:crypto');

const AFTER_FIRST_PAINT_ID = 'after-first-paint';
const APP_ENTRY_ATTRIBUTE = 'data-app-entry';

// A string, not a function's source: bundlers reprint functions, and the hash must match what the HTML carries.
// ES5 on purpose: it runs before anything else, in every browser the product supports. A page opened in the background
// (or prerendered) paints nothing until shown, so it starts at once. The first contentful paint can be of a page the
// parser had not finished (its top bar only); the second frame's callback after it runs once a frame holding the whole
// static page has been drawn, so its largest element is on screen before any other file is asked for.
//
// The page's first localStorage access is a synchronous round trip to the browser's storage service, which opens the
// site's storage then. It was the federation runtime's, as main.js evaluates (its debug-mode check): in traces of the
// dashboard ≈ 10 ms asleep inside that 27 ms task, the app's longest. main.js's own task makes it first, before the
// script is inserted, while the files download.
const PAINT_FIRST_SCRIPT = `(function () {
  var started = false;
  function openStorage() {
    try {
      return window.localStorage.length;
    } catch (refused) {
      return 0; // storage turned off in the browser's settings: the app does without
    }
  }
  function startApp() {
    openStorage();
    var script = document.createElement('script');
    script.src = document.querySelector('link[${APP_ENTRY_ATTRIBUTE}]').href;
    document.head.appendChild(script);
  }
  function insertAll(files) {
    for (var i = 0; i < files.length; i++) document.head.appendChild(files[i]);
    // A background tab's timers wait up to a second each: it starts at once.
    if (document.visibilityState === 'hidden') startApp();
    else setTimeout(startApp, 0);
  }
  function start() {
    if (started) return;
    started = true;
    var later = document.getElementById('${AFTER_FIRST_PAINT_ID}');
    insertAll(later ? Array.prototype.slice.call(later.content.children) : []);
  }
  function afterNextFrame() {
    requestAnimationFrame(function () {
      requestAnimationFrame(start);
    });
  }
  if (document.visibilityState === 'hidden') return start();
  document.addEventListener('visibilitychange', start, { once: true });
  var Observer = window.PerformanceObserver;
  if (Observer && Observer.supportedEntryTypes && Observer.supportedEntryTypes.indexOf('paint') >= 0) {
    new Observer(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      afterNextFrame();
    }).observe({ type: 'paint', buffered: true });
  } else {
    afterNextFrame();
  }
})();`;

/** The script's CSP source: `script-src 'self'` allows no inline script otherwise. */
const PAINT_FIRST_SCRIPT_HASH = `'sha256-${crypto.createHash('sha256').update(PAINT_FIRST_SCRIPT).digest('base64')}'`;

module.exports = { PAINT_FIRST_SCRIPT, PAINT_FIRST_SCRIPT_HASH, AFTER_FIRST_PAINT_ID, APP_ENTRY_ATTRIBUTE };
