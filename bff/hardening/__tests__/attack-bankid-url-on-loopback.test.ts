// Attack: start production with BANKID_URL pointing at the bundled simulator on this machine under a name the
// checklist's loopback test did not know: it compared the host name with `127.0.0.1`, `localhost` and `[::1]`, so
// `https://localhost./…` (and any other spelling of loopback) passed. Expected: every form WHATWG URL normalises to a
// loopback or "this host" address, and every name under `localhost`, is refused; real BankID hosts are not.
import { loadConfig } from '../../src/config';
import { isLoopback, productionConfigProblems } from '../../src/production-checklist';
import { PRODUCTION_ENV as PRODUCTION } from '../../test/production-env';

const ON_THIS_MACHINE = [
  'https://localhost./rp/v6.0',
  'https://localhost../rp/v6.0',
  'https://LOCALHOST/rp/v6.0',
  'https://bankid.localhost/rp/v6.0',
  'https://bankid.localhost./rp/v6.0',
  'https://localhost.localdomain/rp/v6.0',
  'https://127.0.0.1:4100/rp/v6.0',
  'https://127.0.0.2/rp/v6.0',
  'https://127.255.255.254/rp/v6.0',
  'https://2130706433/rp/v6.0',
  'https://0x7f000001/rp/v6.0',
  'https://0x7f.1/rp/v6.0',
  'https://127.1/rp/v6.0',
  'https://0177.0.0.1/rp/v6.0',
  'https://0.0.0.0/rp/v6.0',
  'https://0/rp/v6.0',
  'https://[::1]/rp/v6.0',
  'https://[0:0:0:0:0:0:0:1]/rp/v6.0',
  'https://[::]/rp/v6.0',
  'https://[::ffff:127.0.0.1]/rp/v6.0',
  'https://[::ffff:7f00:1]/rp/v6.0',
  'https://[::ffff:0.0.0.0]/rp/v6.0',
];
const ELSEWHERE = [
  'https://appapi2.bankid.com/rp/v6.0',
  'https://appapi2.test.bankid.com/rp/v6.0',
  'https://128.0.0.1/rp/v6.0',
  'https://[2001:db8::1]/rp/v6.0',
  'https://localhost.bankid.example/rp/v6.0',
  'https://notlocalhost/rp/v6.0',
];

describe('a production BankID URL on loopback under another name', () => {
  it.each(ON_THIS_MACHINE)('%s is refused at start', (url) => {
    expect(productionConfigProblems({ SEED_DEMO: false, FAKE_LOGIN: false, BANKID_URL: url })).toContainEqual({
      variable: 'BANKID_URL',
      message: 'must be BankID over https, not the simulator on loopback',
    });
    expect(() => loadConfig({ ...PRODUCTION, BANKID_URL: url })).toThrow(/BANKID_URL: must be BankID over https/);
    expect(isLoopback(url)).toBe(true);
  });

  it.each(ELSEWHERE)('%s is not loopback', (url) => {
    expect(loadConfig({ ...PRODUCTION, BANKID_URL: url })).toMatchObject({ BANKID_URL: url, demo: false });
    expect(isLoopback(url)).toBe(false);
  });
});
