import type { Page } from '@playwright/test';

// The page's Content Security Policy as the browser applies it: the violations it reports and the header's script-src.

type CspWindow = Window & { __cspViolations: { directive: string; blocked: string; source: string }[] };

/** Records every CSP violation the document reports, from its first script on. */
export async function watchCsp(page: Page): Promise<string[]> {
  await page.addInitScript(() => {
    const w = window as unknown as CspWindow;
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      w.__cspViolations.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
      });
    });
  });
  const consoleMentions: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) consoleMentions.push(message.text());
  });
  return consoleMentions;
}

export async function violations(page: Page): Promise<string[]> {
  return (await page.evaluate(() => (window as unknown as CspWindow).__cspViolations)).map(
    (v) => `${v.directive} blocked ${v.blocked} (${v.source})`,
  );
}

/** script-src of a CSP header (falling back to default-src, as browsers do). */
export function scriptSrc(csp: string): string {
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!.toLowerCase(), values.join(' ')]),
  );
  return directives.get('script-src') ?? directives.get('default-src') ?? '';
}
