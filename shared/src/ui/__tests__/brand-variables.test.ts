import { brandVariables } from '../brand-theme';
import { contrastRatio, darkAccentOf, softAccentOf } from '../../schemas/brand-colours';

describe('brandVariables', () => {
  it('maps the brand colours onto the theme variables, leaving unset ones to the default theme', () => {
    expect(brandVariables({ accentDark: '#133764', colours: { danger: '#aa0000', surface: '#fefefe' } })).toEqual({
      '--he-accent-dark': '#133764',
      '--he-danger': '#aa0000',
      '--he-surface': '#fefefe',
    });
    expect(brandVariables({})).toEqual({});
  });

  it('mixes the soft and dark accents a brand leaves unset from its accent, not the platform’s green ones', () => {
    expect(brandVariables({ accent: '#1d4f91', accentDark: '#133764' })).toEqual({
      '--he-accent': '#1d4f91',
      '--he-accent-soft': softAccentOf('#1d4f91'),
      '--he-accent-dark': '#133764',
    });
    const vars = brandVariables({ accent: '#7a1f5c' });
    expect(vars['--he-accent-dark']).toBe(darkAccentOf('#7a1f5c'));
    expect(vars['--he-accent-soft']).not.toBe('#e3f2ec');
    expect(contrastRatio(vars['--he-accent-dark']!, vars['--he-accent-soft']!)).toBeGreaterThanOrEqual(4.5);
  });
});
