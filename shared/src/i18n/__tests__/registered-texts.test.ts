import type { BackendModule, ReadCallback } from 'i18next';
import { i18n, registerNamespaceBase, registeredTextsLoaded } from '../i18n';

// A backend whose answers the test releases: which namespace was asked for, and a way to answer it.
const asked: { ns: string; answer: ReadCallback }[] = [];
const heldBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (_lng, ns, answer) => void asked.push({ ns, answer }),
};

const state = () => {
  let settled = false;
  return {
    mark: () => void (settled = true),
    get settled() {
      return settled;
    },
  };
};
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('registeredTextsLoaded', () => {
  it('resolves at once when no remote has registered texts', async () => {
    const loaded = state();
    void registeredTextsLoaded(60_000).then(loaded.mark);
    await tick();
    expect(loaded.settled).toBe(true);
  });

  it('waits for i18n to start and for a remote’s texts to arrive, then resolves', async () => {
    registerNamespaceBase('flow', '/mfe/mfe-flow/1.0.0/locales/');
    const loaded = state();
    void registeredTextsLoaded(60_000).then(loaded.mark);

    await i18n.use(heldBackend).init({ lng: 'en', ns: [], initAsync: false });
    await tick();
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((a) => a.ns === 'flow')).toBe(true);
    expect(loaded.settled).toBe(false);

    asked.splice(0).forEach((a) => a.answer(null, { title: 'About your home' }));
    await tick();
    expect(loaded.settled).toBe(true);
    expect(i18n.t('title', { ns: 'flow' })).toBe('About your home');
  });

  it('gives up waiting after the limit when texts never arrive', async () => {
    registerNamespaceBase('results', '/mfe/mfe-results/1.0.0/locales');
    await tick();
    expect(asked.map((a) => a.ns)).toContain('results');
    const loaded = state();
    void registeredTextsLoaded(30).then(loaded.mark);
    await tick();
    expect(loaded.settled).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(loaded.settled).toBe(true);
    asked.splice(0).forEach((a) => a.answer(null, {}));
  });
});
