import { themeForPath } from '../theme';

describe('themeForPath', () => {
  it.each(['/console', '/console/', '/console/org/x', '/console/org/x/users'])('%s uses the console theme', (path) => {
    expect(themeForPath(path)).toBe('console');
  });

  it.each(['/consoles', '/console-old', '/', '/flow/x', '/results', '/admin/console'])(
    '%s uses the consumer theme',
    (path) => {
      expect(themeForPath(path)).toBe('consumer');
    },
  );
});
