import { ConfigError, loadConfig } from '../config';

describe('config', () => {
  it('defaults to the embedded database on port 3000 with error-level logs outside production', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.logLevel).toBe('error');
    expect(config.releasesDir).toBe(`${config.DATA_DIR}/releases`);
    expect(loadConfig({ NODE_ENV: 'production' }).logLevel).toBe('info');
  });

  it('names every bad variable with what is wrong', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT: must be a port number');
    expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(message).toMatch(/NODE_ENV: .*/);
  });

  it('refuses the fake login in production', () => {
    expect(() => loadConfig({ FAKE_LOGIN: 'true', NODE_ENV: 'production' })).toThrow('FAKE_LOGIN: must not be enabled in production');
    expect(loadConfig({ FAKE_LOGIN: 'true' }).FAKE_LOGIN).toBe(true);
    expect(loadConfig({}).FAKE_LOGIN).toBe(false);
  });

  it('uses the bundled BankID simulator unless a BankID URL is given', () => {
    expect(loadConfig({}).BANKID_URL).toBeUndefined();
    expect(loadConfig({ BANKID_URL: 'https://appapi2.test.bankid.com/rp/v6.0' }).BANKID_URL).toBe('https://appapi2.test.bankid.com/rp/v6.0');
    expect(() => loadConfig({ BANKID_URL: 'not a url' })).toThrow('BANKID_URL');
  });

  it('accepts a PostgreSQL URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' }).DATABASE_URL).toBe('postgres://u:p@127.0.0.1:5432/db');
  });
});
