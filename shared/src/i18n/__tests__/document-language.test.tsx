// <html lang> follows the page's language, so screen readers read Swedish with Swedish rules (jsdom, the shell's i18n).

// Every translation read answers at once with no texts: this test is about the language, not the words.
const answered: string[] = [];
globalThis.fetch = ((url: string) => {
  answered.push(String(url));
  return Promise.resolve({ ok: true, status: 200, text: () => Promise.resolve('{}') });
}) as unknown as typeof fetch;

let shell: typeof import('../i18n');
// Loaded after the fetch above: the translation backend picks its fetch when it loads.
beforeAll(async () => {
  shell = await import('../i18n');
});

describe('<html lang>', () => {
  it('takes the language chosen before (kept in the browser), which the server could not see', async () => {
    document.documentElement.lang = 'en';
    localStorage.setItem('lang', 'sv');
    await shell.initI18n();
    expect(shell.i18n.language).toBe('sv');
    expect(document.documentElement.lang).toBe('sv');
    expect(answered).toContain('/locales/sv/common.json');
  });

  it('follows every switch of language, from the language menu or any other way', async () => {
    await shell.changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    await shell.i18n.changeLanguage('sv-SE');
    expect(document.documentElement.lang).toBe('sv');
    await shell.i18n.changeLanguage('en-GB');
    expect(document.documentElement.lang).toBe('en');
  });
});
