/**
 * Loads the page anew. The federation runtime keeps a remote's first container for the page's lifetime (its global
 * survives a forced re-registration), so another version of a remote can only run after a page load.
 */
export function reloadPage(): void {
  window.location.reload();
}
