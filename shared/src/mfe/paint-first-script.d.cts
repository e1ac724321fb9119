/** The inline script of pages with a static first paint: starts main.js once that page has been painted. */
export declare const PAINT_FIRST_SCRIPT: string;
/** `'sha256-…'`, the script's Content-Security-Policy source. */
export declare const PAINT_FIRST_SCRIPT_HASH: string;
/** The id of the <template> whose preloads are added once the page has been painted. */
export declare const AFTER_FIRST_PAINT_ID: string;
/** The attribute of the `<link rel="preload" as="script">` that names the app's entry (main.js). */
export declare const APP_ENTRY_ATTRIBUTE: string;
