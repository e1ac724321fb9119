import { configureStore } from '@reduxjs/toolkit';
import { baseApi } from '../base-api';
import { profileApi } from '../profile-api';
import { i18n } from '../../i18n/i18n';
import { jsonResponse } from '../../../testing/json-response';

// fetchBaseQuery builds a Request from '/api/...'; Node's Request needs an absolute URL (a browser resolves it).
const NodeRequest = globalThis.Request;
class PageRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://localhost/') : input, init);
  }
}
const realFetch = globalThis.fetch;

/** The X-UI-Language header of each call the API slice makes. */
function recordLanguages() {
  const sent: (string | null)[] = [];
  globalThis.fetch = (async (input: Request) => {
    sent.push(input.headers.get('X-UI-Language'));
    return jsonResponse(200, { mailLanguage: 'sv' });
  }) as typeof fetch;
  const store = configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    middleware: (d) => d().concat(baseApi.middleware),
  });
  return { store, sent };
}

beforeAll(() => {
  globalThis.Request = PageRequest as typeof Request;
});
afterAll(() => {
  globalThis.Request = NodeRequest;
  globalThis.fetch = realFetch;
});

describe('the UI language on API calls', () => {
  it('is sent only once i18n knows it, and follows a switch of language', async () => {
    const { store, sent } = recordLanguages();
    await store.dispatch(profileApi.endpoints.patchProfile.initiate({ mailLanguage: 'sv' }));
    await i18n.init({ lng: 'sv', supportedLngs: ['en', 'sv'], resources: { sv: { common: {} }, en: { common: {} } } });
    await store.dispatch(profileApi.endpoints.patchProfile.initiate({ mailLanguage: 'sv' }));
    await i18n.changeLanguage('en');
    await store.dispatch(profileApi.endpoints.patchProfile.initiate({ mailLanguage: 'sv' }));
    expect(sent).toEqual([null, 'sv', 'en']);
  });
});
