import { ConfigError, loadConfig } from '../config';
import { PRODUCTION_ENV as PRODUCTION } from '../../test/production-env';

describe('config', () => {
  it('defaults to the embedded database on port 3000 with error-level logs outside production', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.logLevel).toBe('error');
    expect(config.releasesDir).toBe(`${config.DATA_DIR}/releases`);
    expect(loadConfig(PRODUCTION).logLevel).toBe('info');
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

  it('refuses the fake login in production, allows it in demo mode', () => {
    expect(() => loadConfig({ ...PRODUCTION, FAKE_LOGIN: 'true' })).toThrow(
      'FAKE_LOGIN: must not be enabled in production',
    );
    expect(loadConfig({ FAKE_LOGIN: 'true' }).FAKE_LOGIN).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'true', FAKE_LOGIN: 'true' }).FAKE_LOGIN).toBe(true);
    expect(loadConfig({}).FAKE_LOGIN).toBe(false);
  });

  it('is the demo outside production and with DEMO_MODE=true, seeding demo data by default only there', () => {
    expect(loadConfig({})).toMatchObject({ demo: true, SEED_DEMO: true });
    expect(loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'true' })).toMatchObject({ demo: true, SEED_DEMO: true });
    expect(loadConfig(PRODUCTION)).toMatchObject({ demo: false, SEED_DEMO: false, FAKE_LOGIN: false });
  });

  it('uses the bundled BankID simulator unless a BankID URL is given', () => {
    expect(loadConfig({}).BANKID_URL).toBeUndefined();
    expect(loadConfig({ BANKID_URL: 'https://appapi2.test.bankid.com/rp/v6.0' }).BANKID_URL).toBe(
      'https://appapi2.test.bankid.com/rp/v6.0',
    );
    expect(() => loadConfig({ BANKID_URL: 'not a url' })).toThrow('BANKID_URL');
  });

  it('waits 10 s for an RP API call unless told otherwise, within 1–60 s', () => {
    expect(loadConfig({}).BANKID_TIMEOUT_MS).toBe(10_000);
    expect(loadConfig({ BANKID_TIMEOUT_MS: '3000' }).BANKID_TIMEOUT_MS).toBe(3000);
    for (const bad of ['999', '60001', 'soon'])
      expect(() => loadConfig({ BANKID_TIMEOUT_MS: bad })).toThrow('BANKID_TIMEOUT_MS');
  });

  it('accepts a PostgreSQL URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' }).DATABASE_URL).toBe(
      'postgres://u:p@127.0.0.1:5432/db',
    );
  });

  it('keeps objects in local folders unless an S3 endpoint and bucket are both given', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(
      loadConfig({
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_BUCKET: 'home-energy',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'false',
      }).s3,
    ).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'home-energy',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
  });

  it('names each bad S3 and remote-files variable', () => {
    const message = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    };
    const bad = message({
      S3_ENDPOINT: 'ftp://x',
      S3_BUCKET: 'Not_A_Bucket',
      S3_REGION: 'EU NORTH',
      S3_FORCE_PATH_STYLE: 'yes',
      MFE_PUBLIC_URL: 'cdn.example.se',
      RELEASE_UPLOAD_MB: '0',
    });
    expect(bad).toContain('S3_ENDPOINT: must be an http:// or https:// URL');
    expect(bad).toContain('S3_BUCKET: must be a bucket name such as home-energy-objects');
    expect(bad).toContain('S3_REGION: must be a region such as eu-north-1');
    expect(bad).toContain('S3_FORCE_PATH_STYLE: must be true, false, 1 or 0');
    expect(bad).toContain('MFE_PUBLIC_URL: must be an absolute URL such as https://cdn.example.se/mfe');
    expect(bad).toContain('RELEASE_UPLOAD_MB');
    expect(message({ S3_ENDPOINT: 'https://s3.example.se' })).toContain('S3_BUCKET: required with S3_ENDPOINT');
    expect(message({ S3_BUCKET: 'home-energy' })).toContain('S3_ENDPOINT: required with S3_BUCKET');
    expect(
      message({ S3_ENDPOINT: 'https://s3.example.se', S3_BUCKET: 'home-energy', S3_ACCESS_KEY_ID: 'id' }),
    ).toContain('S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID');
  });
});
