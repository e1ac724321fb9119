// Open redirects, client side (docs/security.md): /sign?redirect=…&asPath=… is attacker-controlled (any link can
// carry it), so where the page goes after sign-in must be a path of this origin whatever the query says.
import fc from 'fast-check';
import { safeReturnPath, signDestination } from '../sign-destination';

const ORIGIN = 'https://energy.example.se';

/** Where a browser on our page ends up with this target (react-router's navigate and location.assign agree). */
function landsOn(target: string): string {
  return new URL(target, `${ORIGIN}/sign`).origin;
}

const ATTACKS = [
  'https://evil.example',
  'https://evil.example/flow',
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  ' //evil.example',
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'http://127.0.0.1.evil.example',
  'https://energy.example.se.evil.example/',
  'https://energy.example.se@evil.example/',
  'https:evil.example',
  // Single-slash paths that the URL parser turns into //evil.example (dot segments removed).
  '/.//evil.example',
  '/flow/..//evil.example',
  '/%2e//evil.example',
  '/./\\evil.example',
];

describe('where /sign sends a homeowner after sign-in', () => {
  it.each(ATTACKS)('never follows %p off-site, in redirect or in asPath', (attack) => {
    for (const name of ['redirect', 'asPath']) {
      const destination = signDestination(new URLSearchParams({ [name]: attack }), ORIGIN);
      expect(destination).toBe('/');
    }
  });

  it('reads percent-encoded forms as the browser decodes them (%2F%2F is //)', () => {
    for (const query of [
      'redirect=%2F%2Fevil.example',
      'asPath=%2F%2Fevil.example%2Fflow',
      'redirect=%2F%5Cevil.example',
      'redirect=%5C%5Cevil.example',
      'redirect=javascript%3Aalert(1)',
      'redirect=%2F%09%2Fevil.example',
    ]) {
      expect([query, signDestination(new URLSearchParams(query), ORIGIN)]).toEqual([query, '/']);
    }
    // Still encoded after decoding once: a path of ours with an odd name, not a host.
    const doubled = signDestination(new URLSearchParams('redirect=%252F%252Fevil.example'), ORIGIN);
    expect(landsOn(doubled)).toBe(ORIGIN);
  });

  it('follows paths of ours', () => {
    expect(signDestination(new URLSearchParams({ redirect: '/flow/contact?step=2#top' }), ORIGIN)).toBe(
      '/flow/contact?step=2#top',
    );
    expect(signDestination(new URLSearchParams('asPath=%2Fproperty%2F42%2Fresults%3Fx%3D1'), ORIGIN)).toBe(
      '/property/42/results?x=1',
    );
  });

  it('whatever the value, the answer is null or a single-slash path that stays on this origin', () => {
    // Strings built from the pieces open-redirect tricks are made of, plus arbitrary text.
    const piece = fc.constantFrom(
      '/',
      '\\',
      '//',
      '\t',
      '\n',
      '\r',
      ' ',
      ':',
      '@',
      '.',
      '%2F',
      '%5C',
      '#',
      '?',
      'evil.example',
      'javascript:',
      'https:',
      'data:',
      'energy.example.se',
      'sign',
      'flow',
      '..',
      '%2e',
    );
    const raw = fc.oneof(
      fc.array(piece, { maxLength: 8 }).map((parts) => parts.join('')),
      fc.string({ maxLength: 40 }),
    );
    fc.assert(
      fc.property(raw, (value) => {
        const path = safeReturnPath(value, ORIGIN);
        if (path === null) return true;
        return path.startsWith('/') && !/^\/[/\\]/.test(path) && landsOn(path) === ORIGIN;
      }),
      { numRuns: 5000 },
    );
  });
});
