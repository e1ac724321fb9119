import { brandVariables } from '../brand-theme';

describe('brandVariables', () => {
  it('maps the brand colours onto the theme variables, leaving unset ones to the default theme', () => {
    expect(brandVariables({ accent: '#1d4f91', accentDark: '#133764', colours: { danger: '#aa0000', surface: '#fefefe' } })).toEqual({
      '--he-accent': '#1d4f91',
      '--he-accent-dark': '#133764',
      '--he-danger': '#aa0000',
      '--he-surface': '#fefefe',
    });
    expect(brandVariables({})).toEqual({});
  });
});
