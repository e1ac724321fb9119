import { pagePattern, vitalsReportSchema } from '../vitals';

describe('page patterns of the speed reports', () => {
  it.each([
    ['/', '/'],
    ['/flow/property/42/questions', '/flow/property/:id/questions'],
    ['/property/42/building/primary/results-dashboard', '/property/:id/building/:building/results-dashboard'],
    ['/console/org/demo-bank/activities', '/console/org/:org/activities'],
    ['/console/org/demo-bank', '/console/org/:org'],
    ['/console/admin/organisations/demo-energi', '/console/admin/organisations/:organisation'],
    ['/console/admin/outbox/1733400000000-welcome.eml', '/console/admin/outbox/:id'],
    ['/console/set-password', '/console/set-password'],
    ['/flow/anna@example.se', '/flow/:param'],
    ['/flow/a1b2c3d4e5f6', '/flow/:param'],
    ['/console/org/:org/activities', '/console/org/:org/activities'],
  ])('%s → %s', (path, pattern) => {
    expect(pagePattern(path)).toBe(pattern);
    // A pattern is its own pattern, and the BFF accepts it.
    expect(pagePattern(pattern)).toBe(pattern);
    const report = {
      device: 'phone',
      views: [{ route: pattern, remote: 'mfe-flow', version: '1', navigation: 'load', usable: 1 }],
    };
    expect(vitalsReportSchema.safeParse(report).success).toBe(true);
  });

  it('keeps eight segments at most', () => {
    expect(pagePattern('/a/b/c/d/e/f/g/h/i/j').split('/').length - 1).toBe(8);
  });
});
