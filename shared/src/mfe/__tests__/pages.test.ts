import {
  ACCOUNT_DELETED_PATH,
  CONSOLE_ADMIN_PATH,
  CONSOLE_SIGN_IN_PATH,
  dashboardPath,
  MY_HOMES_PATH,
  organisationPath,
  questionsPath,
  SET_PASSWORD_PATH,
  SIGN_PATH,
} from '../pages';
import { remoteForPath } from '../routes';

describe('page paths linked across packages', () => {
  it('builds the dashboard, questions and console paths', () => {
    expect(dashboardPath(42)).toBe('/property/42/building/primary/results-dashboard');
    expect(questionsPath(42)).toBe('/flow/property/42/questions');
    expect(questionsPath(42, 'atemp & more')).toBe('/flow/property/42/questions?question=atemp%20%26%20more');
    expect(organisationPath('demo org')).toBe('/console/org/demo%20org');
    expect(organisationPath('demo', 'requests')).toBe('/console/org/demo/requests');
  });

  it('each lands on the remote that renders it', () => {
    expect(remoteForPath(dashboardPath(42))).toBe('mfe_results');
    expect(remoteForPath(questionsPath(42))).toBe('mfe_flow');
    expect(remoteForPath(MY_HOMES_PATH)).toBe('mfe_flow');
    expect(remoteForPath(ACCOUNT_DELETED_PATH)).toBe('mfe_flow');
    expect(remoteForPath(SIGN_PATH)).toBe('mfe_flow');
    expect(remoteForPath(CONSOLE_SIGN_IN_PATH)).toBe('mfe_console');
    expect(remoteForPath(SET_PASSWORD_PATH)).toBe('mfe_console');
    expect(remoteForPath(organisationPath('demo', 'requests'))).toBe('mfe_console');
    expect(remoteForPath(CONSOLE_ADMIN_PATH)).toBe('mfe_admin');
  });
});
