// Types of pages.cjs for the BFF's tests, which make the remotes' pages files as their builds do.
export declare const PAGES_FILE: string;
export declare const LANGUAGES: string[];
export declare function pagesFile(
  remote: string,
  declared: unknown,
  chunkFiles?: Record<string, string[]>,
  named?: Record<string, string[]>,
): unknown;
