import { render, screen } from '@testing-library/react';
import { RemoteUnavailable } from '../remote-unavailable';
import { revealWhenHeadingShown } from '../first-paint';

// The static first paint (server HTML) gives way to the app only when the app shows the page's heading: a remote that
// still waits for its texts shows a spinner, which must not replace a static page already showing the title.
beforeEach(() => {
  document.body.innerHTML = '<div id="first-paint"><h1>Your home\'s energy results</h1></div><div id="root"></div>';
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

test('keeps the static page while the app shows a spinner, reveals the app once its heading is in', async () => {
  const root = document.getElementById('root')!;
  root.innerHTML = '<main><div class="he-loading" role="status">Loading…</div></main>';
  const stop = revealWhenHeadingShown();
  await flush();
  expect(document.getElementById('first-paint')).not.toBeNull();

  root.querySelector('main')!.innerHTML =
    '<div class="rd-dashboard"><header><h1>Your home\'s energy results</h1></header></div>';
  await flush();
  expect(document.getElementById('first-paint')).toBeNull();
  stop();
});

test('a frame of a settled page (a dashboard with no answers) waits until the app is busy nowhere', async () => {
  document.body.innerHTML =
    '<div id="first-paint"><div class="rd-dashboard" data-reveal="settled"><h1>Results</h1>' +
    '<section class="rd-start"><h2>We don\'t know this home yet</h2></section></div></div><div id="root"></div>';
  const root = document.getElementById('root')!;
  // The app's first render: the heading, and below it the loading line of a dashboard still reading its results.
  root.innerHTML = '<div class="rd-dashboard" aria-busy="true"><h1>Results</h1><p>Calculating…</p></div>';
  const stop = revealWhenHeadingShown();
  await flush();
  expect(document.getElementById('first-paint')).not.toBeNull();

  // The reads answered 404: the same card, still busy until the answers tell which card.
  root.innerHTML =
    '<div class="rd-dashboard" aria-busy="true"><h1>Results</h1><section class="rd-start"></section></div>';
  await flush();
  expect(document.getElementById('first-paint')).not.toBeNull();

  root.querySelector('.rd-dashboard')!.removeAttribute('aria-busy');
  await flush();
  expect(document.getElementById('first-paint')).toBeNull();
  stop();
});

test('a frame of a loading page gives way to the app showing its heading, busy or not', async () => {
  document.getElementById('root')!.innerHTML = '<div aria-busy="true"><h1>Results</h1></div>';
  revealWhenHeadingShown();
  expect(document.getElementById('first-paint')).toBeNull();
});

test('reveals at once when the heading is already there, and does nothing without a static page', async () => {
  document.getElementById('root')!.innerHTML = '<h1>Find your home</h1>';
  revealWhenHeadingShown();
  expect(document.getElementById('first-paint')).toBeNull();

  document.body.innerHTML = '<div id="root"></div>';
  expect(() => revealWhenHeadingShown()()).not.toThrow();
});

test('a remote that cannot be loaded replaces the static page with its message at once', () => {
  render(<RemoteUnavailable />);
  expect(document.getElementById('first-paint')).toBeNull();
  expect(screen.getByRole('alert').textContent).toContain('remote.unavailableTitle');
});
