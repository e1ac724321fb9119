/**
 * The "loaded" report waits for an idle moment (its sessionStorage read blocks a loading page), yet it is never lost
 * behind an error report of the same release: the error sends it first, so the canary counts that session as loaded.
 */
type Beacon = { kind: string; remote: string; version: string; errorClass?: string };

let idle: (() => void)[] = [];
let beacons: Beacon[] = [];

beforeEach(() => {
  jest.resetModules();
  idle = [];
  beacons = [];
  sessionStorage.clear();
  Object.assign(globalThis, {
    requestIdleCallback: (work: () => void) => idle.push(work),
    fetch: jest.fn(async (_url: string, init: { body: string }) => {
      beacons.push(JSON.parse(init.body) as Beacon);
      return { ok: true, status: 204 };
    }),
  });
});

const load = () => import('../release-beacon');
const runIdle = () => idle.splice(0).forEach((work) => work());

it('sends the loaded report when the page is idle, once per release and tab session', async () => {
  const { reportLoadedWhenIdle } = await load();
  reportLoadedWhenIdle('mfe_results', '1.0.0-abc');
  reportLoadedWhenIdle('mfe_results', '1.0.0-abc');
  expect(beacons).toEqual([]);
  runIdle();
  expect(beacons).toEqual([{ kind: 'loaded', remote: 'mfe-results', version: '1.0.0-abc' }]);

  const again = await (jest.resetModules(), load());
  again.reportLoadedWhenIdle('mfe_results', '1.0.0-abc');
  runIdle();
  expect(beacons).toHaveLength(1);
});

it('an error of the release sends the waiting loaded report first, and only once', async () => {
  const { reportLoadedWhenIdle, reportError } = await load();
  reportLoadedWhenIdle('mfe_results', '1.0.0-abc');
  reportLoadedWhenIdle('mfe_flow', '2.0.0-def');
  await reportError('mfe_results', '1.0.0-abc', 'render-error', new TypeError('x'));
  expect(beacons).toEqual([
    { kind: 'loaded', remote: 'mfe-results', version: '1.0.0-abc' },
    { kind: 'render-error', remote: 'mfe-results', version: '1.0.0-abc', errorClass: 'type' },
  ]);
  runIdle();
  expect(beacons.slice(2)).toEqual([{ kind: 'loaded', remote: 'mfe-flow', version: '2.0.0-def' }]);
});
