import { accentContrastIssues, contrastRatio, darkAccentOf, resolvedAccents, softAccentOf } from '../brand-colours';
import { brandConfigInputSchema, brandConfigSchema } from '../brand';

const hsl = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  const hue = d === 0 ? 0 : max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { hue: (hue * 60 + 360) % 360, lightness: (max + min) / 2 };
};

describe('brand accents', () => {
  it('mixes a light soft accent and a dark accent of the same hue from the accent', () => {
    for (const accent of ['#1d4f91', '#0f6e4f', '#9a4a00', '#7a1f5c']) {
      const soft = softAccentOf(accent);
      const dark = darkAccentOf(accent);
      expect(soft).toMatch(/^#[0-9a-f]{6}$/);
      expect(hsl(soft).lightness).toBeGreaterThan(0.85);
      expect(hsl(dark).lightness).toBeLessThan(hsl(accent).lightness);
      expect(Math.abs(hsl(soft).hue - hsl(accent).hue)).toBeLessThan(20);
      expect(Math.abs(hsl(dark).hue - hsl(accent).hue)).toBeLessThan(20);
    }
  });

  it('keeps the accents a brand sets and derives only the missing ones', () => {
    expect(resolvedAccents({ accent: '#1d4f91', accentSoft: '#e6eef8' })).toEqual({
      accent: '#1d4f91',
      accentSoft: '#e6eef8',
      accentDark: darkAccentOf('#1d4f91'),
    });
    expect(resolvedAccents({ accentDark: '#133764' })).toEqual({ accentDark: '#133764' });
  });

  it('measures contrast as WCAG 2 does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#767676')).toBeCloseTo(4.54, 2);
  });
});

describe('AA contrast of a saved brand (brandConfigInputSchema, the BFF and the editor alike)', () => {
  it('accepts the demo brands and an accent alone (its derived accents pass too)', () => {
    expect(accentContrastIssues({ accent: '#0f6e4f', accentSoft: '#e3f2ec', accentDark: '#0a4a35' })).toEqual([]);
    expect(brandConfigInputSchema.safeParse({ name: 'Banken', accent: '#7a1f5c' }).success).toBe(true);
  });

  it('refuses an accent white text cannot be read on, by name and ratio', () => {
    const result = brandConfigInputSchema.safeParse({ name: 'Banken', accent: '#777777' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['accent'],
        message: 'contrast with white is 4.47:1; text needs at least 4.5:1',
      }),
    ]);
    expect(accentContrastIssues({ accent: '#767676' })).toEqual([]);
  });

  it('refuses a dark accent too light for text on the soft accent, the derived soft accent included', () => {
    expect(accentContrastIssues({ accent: '#1d4f91', accentDark: '#6f8fbf' })).toEqual([
      expect.objectContaining({ path: 'accentDark', against: 'accentSoft' }),
    ]);
    expect(accentContrastIssues({ accentSoft: '#ffffff', accentDark: '#000000' })).toEqual([]);
  });

  it('still reads a stored brand that predates the rule', () => {
    expect(brandConfigSchema.safeParse({ accent: '#ffcc00' }).success).toBe(true);
  });
});

describe('a brand’s logo', () => {
  it('is an https URL or a path on the site, never another scheme or another host by a protocol-relative path', () => {
    expect(brandConfigSchema.safeParse({ logo: '/brands/bank.svg' }).success).toBe(true);
    expect(brandConfigSchema.safeParse({ logo: 'https://cdn.example/bank.svg' }).success).toBe(true);
    for (const logo of ['javascript:alert(1)', 'http://cdn.example/bank.svg', '//evil.example/logo.png', '']) {
      expect(brandConfigSchema.safeParse({ logo }).error?.issues[0]?.path).toEqual(['logo']);
    }
  });
});
