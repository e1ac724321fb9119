/**
 * The static first paint (shell/first-paint.cjs): for some routes the server's HTML already shows the page, and the
 * app renders hidden behind it (`#first-paint + #root { display: none }`). Removing it reveals the app in one step,
 * once the page's remote has rendered, so the visitor never sees a spinner between the two.
 */
const FIRST_PAINT_ID = 'first-paint';
// A remote that never renders (network down, broken release) must not leave the static page up for ever.
export const FIRST_PAINT_LIMIT_MS = 10_000;

export function hasFirstPaint(): boolean {
  return typeof document !== 'undefined' && document.getElementById(FIRST_PAINT_ID) !== null;
}

/** Shows the app in place of the static page (a no-op without one, or the second time). */
export function revealApp(): void {
  if (typeof document === 'undefined') return;
  document.getElementById(FIRST_PAINT_ID)?.remove();
}

/** The static page gives way to whatever the app shows after FIRST_PAINT_LIMIT_MS at the latest. */
export function revealAppAtTheLatest(limitMs = FIRST_PAINT_LIMIT_MS): void {
  if (hasFirstPaint()) setTimeout(revealApp, limitMs);
}

/**
 * Whether the app now shows what the static page shows: a page heading (an h1 in #root). A frame marked
 * `data-reveal="settled"` (a page's outcome, such as a dashboard with no answers, not its loading state) waits until
 * the app is busy nowhere either (no `aria-busy="true"`): its loading state is not what the static page shows.
 */
function showsWhatStaticPageShows(root: HTMLElement): boolean {
  if (!root.querySelector('h1')) return false;
  const settled = document.querySelector(`#${FIRST_PAINT_ID} [data-reveal="settled"]`) !== null;
  return !settled || root.querySelector('[aria-busy="true"]') === null;
}

/**
 * Reveals the app once it shows what the static page shows (showsWhatStaticPageShows). A remote that has rendered may
 * still be waiting for its texts and show a spinner: that must not replace a static page that already shows the
 * page's title. Returns the cleanup (the observer stops; the time limit of revealAppAtTheLatest still applies).
 */
export function revealWhenHeadingShown(
  root: HTMLElement | null = typeof document === 'undefined' ? null : document.getElementById('root'),
): () => void {
  if (!root || !hasFirstPaint()) return () => undefined;
  if (showsWhatStaticPageShows(root)) {
    revealApp();
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    if (!showsWhatStaticPageShows(root)) return;
    observer.disconnect();
    revealApp();
  });
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
  return () => observer.disconnect();
}
