// Where each link lands (which remote, which page) is matched over the remotes' own route tables in
// bff/src/web/__tests__/release-pages.test.ts.
import { dashboardPath, organisationPath, questionsPath } from '../pages';

describe('page paths linked across packages', () => {
  it('builds the dashboard, questions and console paths', () => {
    expect(dashboardPath(42)).toBe('/property/42/building/primary/results-dashboard');
    expect(questionsPath(42)).toBe('/flow/property/42/questions');
    expect(questionsPath(42, 'atemp & more')).toBe('/flow/property/42/questions?question=atemp%20%26%20more');
    expect(organisationPath('demo org')).toBe('/console/org/demo%20org');
    expect(organisationPath('demo', 'requests')).toBe('/console/org/demo/requests');
  });
});
