import '../../../../testing/setup-dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as QRCode from 'qrcode';
import { installFakeBff, ok, type FakeBff } from '../../../../testing/fake-bff';
import { homeownerSession, setSession } from '../../../../testing/fake-session';
import { mockGetCsrfToken, mockRefreshSession } from '../../../../testing/mock-shared';
import { currentLocation, renderFlow, texts } from '../../../../testing/render-flow';
import {
  AUTH_URL,
  cancelledByUser,
  complete,
  expired,
  homeowner,
  LAUNCH_URL,
  SIGN_URL,
  startingApp,
  userSigning,
  waitingForScan,
} from '../../../../testing/sign-orders';
import { bankIdApp } from '../../lib/bankid-app';

jest.mock('@home-energy/shared', () => jest.requireActual('../../../../testing/mock-shared').sharedWithFakeAuth());

const en = texts.en.flow.sign;
const sv = texts.sv.flow.sign;

let bff: FakeBff;
let launch: jest.SpyInstance;

/** Lets `ms` of (fake) time pass: polls fire, their answers and the QR drawing settle. */
async function wait(ms: number) {
  await act(() => jest.advanceTimersByTimeAsync(ms));
}

/** Clicks a button and lets the requests it starts settle inside act. */
async function click(name: string) {
  const button = await screen.findByRole('button', { name });
  await act(async () => {
    fireEvent.click(button);
  });
}

async function qrSource(data: string): Promise<string> {
  const svg = await QRCode.toString(data, { type: 'svg', margin: 1, errorCorrectionLevel: 'L' });
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

function liveStatus(): HTMLElement {
  const status = screen
    .getAllByRole('status')
    .find((element) => element.getAttribute('aria-live') === 'polite' && element.tagName === 'P');
  if (!status) throw new Error('no live status message');
  return status;
}

beforeEach(() => {
  jest.useFakeTimers();
  setSession(null);
  mockGetCsrfToken.mockReset().mockResolvedValue('csrf-token-1');
  // As the real client: reading the session after POST auth finds the homeowner.
  mockRefreshSession.mockReset().mockImplementation(async () => {
    setSession(homeownerSession);
    return homeownerSession;
  });
  bff = installFakeBff();
  launch = jest.spyOn(bankIdApp, 'open').mockImplementation(() => {});
});

afterEach(() => {
  launch.mockRestore();
  jest.useRealTimers();
});

describe('the homeowner sign-in page at /sign', () => {
  it('asks RFA20: BankID on this device or another device', async () => {
    renderFlow('/sign');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in with BankID' })).toBeTruthy();
    expect(screen.getByText('Do you want to use BankID on this device or another device?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'BankID on this device' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'BankID on another device' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.title).toBe(en.title);
    // It looked for an order to resume (none: 404) and started nothing.
    expect(bff.bodies('GET', SIGN_URL)).toHaveLength(1);
    expect(bff.bodies('POST', SIGN_URL)).toHaveLength(0);
  });

  it('asks in Swedish', async () => {
    renderFlow('/sign', { lng: 'sv' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Logga in med BankID' })).toBeTruthy();
    expect(screen.getByText('Vill du använda BankID på den här enheten eller på en annan enhet?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'BankID på den här enheten' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'BankID på en annan enhet' })).toBeTruthy();
  });

  describe('BankID on another device', () => {
    it('shows the QR code, a new one every second, with the message and instructions', async () => {
      bff.answer('POST', SIGN_URL, ok(waitingForScan(0)));
      bff.answer('GET', SIGN_URL, { status: 204 }, ok(waitingForScan(1)), ok(waitingForScan(2)));
      renderFlow('/sign');
      await click(en.otherDevice);

      const qr = await screen.findByRole('img', { name: 'QR code for BankID' });
      expect(qr.getAttribute('src')).toBe(await qrSource(waitingForScan(0).qrData!));
      expect(bff.bodies('POST', SIGN_URL)).toEqual([
        { csrfToken: 'csrf-token-1', loginMethod: 'bankid.other_device', identificationMode: 'identify' },
      ]);
      expect(screen.getByText('Open the BankID app and scan the QR code.')).toBeTruthy();
      expect(liveStatus().textContent).toBe('Start your BankID app.');
      const heading = screen.getByRole('heading', { level: 2, name: en.otherDevice });
      expect(document.activeElement).toBe(heading);
      expect(bff.bodies('GET', SIGN_URL)).toHaveLength(1);

      await wait(1000);
      expect(bff.bodies('GET', SIGN_URL)).toHaveLength(2);
      const second = await qrSource(waitingForScan(1).qrData!);
      await waitFor(() => expect(screen.getByRole('img', { name: en.qrAlt }).getAttribute('src')).toBe(second));

      await wait(1000);
      expect(bff.bodies('GET', SIGN_URL)).toHaveLength(3);
      const third = await qrSource(waitingForScan(2).qrData!);
      await waitFor(() => expect(screen.getByRole('img', { name: en.qrAlt }).getAttribute('src')).toBe(third));
      expect(launch).not.toHaveBeenCalled();
    });

    it("shows the server's message in Swedish when the page is in Swedish", async () => {
      bff.answer('POST', SIGN_URL, ok(waitingForScan(0)));
      renderFlow('/sign', { lng: 'sv' });
      await click(sv.otherDevice);

      expect(await screen.findByRole('img', { name: 'QR-kod för BankID' })).toBeTruthy();
      expect(liveStatus().textContent).toBe('Starta BankID-appen.');
      expect(screen.getByText('Öppna BankID-appen och läs av QR-koden.')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Avbryt' })).toBeTruthy();
    });

    it('follows the language when it changes during the order', async () => {
      bff.answer('POST', SIGN_URL, ok(waitingForScan(0)));
      const { i18n } = renderFlow('/sign');
      await click(en.otherDevice);
      await screen.findByRole('img', { name: en.qrAlt });
      await act(async () => {
        await i18n.changeLanguage('sv');
      });
      expect(liveStatus().textContent).toBe('Starta BankID-appen.');
    });

    it('with the demo simulator, offers "Open in the test app" (new tab) for the order; not once scanned', async () => {
      const testAppUrl = 'http://127.0.0.1:3010/simulator/#order-abc';
      bff.answer('POST', SIGN_URL, ok({ ...waitingForScan(0), testAppUrl }));
      bff.answer('GET', SIGN_URL, { status: 204 }, ok(userSigning()));
      renderFlow('/sign');
      await click(en.otherDevice);
      const link = await screen.findByRole('link', { name: `${en.testApp.link} ${en.testApp.newTab}` });
      expect(link.getAttribute('href')).toBe(testAppUrl);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      await wait(1000);
      await waitFor(() => expect(screen.queryByRole('link', { name: new RegExp(en.testApp.link) })).toBeNull());
    });

    it('offers no test app with real BankID', async () => {
      bff.answer('POST', SIGN_URL, ok(waitingForScan(0)));
      bff.answer('GET', SIGN_URL, { status: 204 });
      renderFlow('/sign');
      await click(en.otherDevice);
      await screen.findByRole('img', { name: en.qrAlt });
      expect(screen.queryByRole('link', { name: new RegExp(en.testApp.link) })).toBeNull();
    });

    it('drops the QR code once it is scanned and says what to do next', async () => {
      bff.answer('POST', SIGN_URL, ok(waitingForScan(0)));
      bff.answer('GET', SIGN_URL, { status: 204 }, ok(userSigning()));
      renderFlow('/sign');
      await click(en.otherDevice);
      await screen.findByRole('img', { name: en.qrAlt });

      await wait(1000);
      await waitFor(() => expect(liveStatus().textContent).toBe(userSigning().message.en));
      expect(screen.queryByRole('img', { name: en.qrAlt })).toBeNull();
      expect(screen.queryByText(en.scanInstructions)).toBeNull();
    });

    it('cancels the order and goes back to the choice', async () => {
      bff.answer('POST', SIGN_URL, ok(waitingForScan(0)));
      bff.answer('DELETE', SIGN_URL, ok(cancelledByUser()));
      renderFlow('/sign');
      await click(en.otherDevice);
      await screen.findByRole('img', { name: en.qrAlt });

      await click(en.cancel);
      const title = await screen.findByRole('heading', { level: 1, name: en.title });
      await screen.findByRole('button', { name: en.otherDevice });
      expect(bff.bodies('DELETE', SIGN_URL)).toEqual([{ csrfToken: 'csrf-token-1' }]);
      expect(screen.queryByRole('img', { name: en.qrAlt })).toBeNull();
      expect(document.activeElement).toBe(title);

      // No more polling once cancelled.
      const polls = bff.bodies('GET', SIGN_URL).length;
      await wait(3000);
      expect(bff.bodies('GET', SIGN_URL)).toHaveLength(polls);
    });

    it('goes back to the choice even when the cancel request fails', async () => {
      bff.answer('POST', SIGN_URL, ok(waitingForScan(0)));
      bff.answer('DELETE', SIGN_URL, 'network-error');
      renderFlow('/sign');
      await click(en.otherDevice);
      await screen.findByRole('img', { name: en.qrAlt });
      await click(en.cancel);
      expect(await screen.findByRole('button', { name: en.sameDevice })).toBeTruthy();
    });

    it('starts a fresh order after a cancelled one, without the old QR code', async () => {
      bff.answer('POST', SIGN_URL, ok(waitingForScan(0)));
      bff.answer('GET', SIGN_URL, { status: 204 }, ok(waitingForScan(1)));
      bff.answer('DELETE', SIGN_URL, ok(cancelledByUser()));
      renderFlow('/sign');
      await click(en.otherDevice);
      await screen.findByRole('img', { name: en.qrAlt });
      await wait(1000);
      const polled = await qrSource(waitingForScan(1).qrData!);
      await waitFor(() => expect(screen.getByRole('img', { name: en.qrAlt }).getAttribute('src')).toBe(polled));
      await click(en.cancel);

      const fresh = await qrSource(waitingForScan(0).qrData!);
      await click(en.otherDevice);
      await waitFor(() => expect(screen.getByRole('img', { name: en.qrAlt }).getAttribute('src')).toBe(fresh));
      expect(bff.bodies('POST', SIGN_URL)).toHaveLength(2);
    });
  });

  describe('BankID on this device', () => {
    it('starts the BankID app once, with a link to start it again', async () => {
      bff.answer('POST', SIGN_URL, ok(startingApp()));
      bff.answer('GET', SIGN_URL, { status: 204 }, ok(startingApp()));
      renderFlow('/sign?redirect=%2Fflow%2Fcontact');
      await click(en.sameDevice);

      const link = await screen.findByRole('link', { name: 'Start the BankID app' });
      expect(link.getAttribute('href')).toBe(LAUNCH_URL);
      expect(launch).toHaveBeenCalledTimes(1);
      expect(launch).toHaveBeenCalledWith(LAUNCH_URL);
      expect(liveStatus().textContent).toBe('Trying to start your BankID app.');
      expect(screen.getByRole('button', { name: en.cancel })).toBeTruthy();
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: en.sameDevice }));
      // The app sends the user back to this page, which resumes the order.
      expect(bff.bodies('POST', SIGN_URL)).toEqual([
        {
          csrfToken: 'csrf-token-1',
          loginMethod: 'bankid.same_device',
          identificationMode: 'identify',
          returnPath: '/sign?redirect=%2Fflow%2Fcontact',
        },
      ]);

      await wait(3000);
      expect(bff.bodies('GET', SIGN_URL).length).toBeGreaterThanOrEqual(3);
      expect(launch).toHaveBeenCalledTimes(1);
    });

    it("keeps the start answer's launch URL (with the return path) on the link", async () => {
      const mobileLaunch = 'https://app.bankid.com/?autostarttoken=7c40b5c9&redirect=http%3A%2F%2Flocalhost%2Fsign';
      bff.answer('POST', SIGN_URL, ok({ ...startingApp(), launchUrl: mobileLaunch }));
      bff.answer(
        'GET',
        SIGN_URL,
        { status: 204 },
        ok({ ...startingApp(), launchUrl: 'https://app.bankid.com/?autostarttoken=7c40b5c9&redirect=null' }),
      );
      renderFlow('/sign');
      await click(en.sameDevice);
      await screen.findByRole('link', { name: en.launch });
      await wait(2000);
      expect(screen.getByRole('link', { name: en.launch }).getAttribute('href')).toBe(mobileLaunch);
      expect(launch).toHaveBeenCalledWith(mobileLaunch);
    });

    it('says it in Swedish, with RFA18 on the link', async () => {
      bff.answer('POST', SIGN_URL, ok(startingApp()));
      renderFlow('/sign', { lng: 'sv' });
      await click(sv.sameDevice);
      expect(await screen.findByRole('link', { name: 'Starta BankID-appen' })).toBeTruthy();
      expect(liveStatus().textContent).toBe('Försöker starta BankID-appen.');
    });
  });

  describe('when the order completes', () => {
    it('signs in, tells the session, shows "Signed in" and goes on to asPath (replace)', async () => {
      let sessionRead!: () => void;
      mockRefreshSession.mockImplementation(
        () =>
          new Promise((resolve) => {
            sessionRead = () => {
              setSession(homeownerSession);
              resolve(homeownerSession);
            };
          }),
      );
      bff.answer('POST', SIGN_URL, ok(waitingForScan(0)));
      bff.answer('GET', SIGN_URL, { status: 204 }, ok(complete()));
      bff.answer('POST', AUTH_URL, ok(homeowner));
      renderFlow(`/sign?${new URLSearchParams({ redirect: '/flow/contact', asPath: '/flow/contact?step=2' })}`);
      await click(en.otherDevice);
      await screen.findByRole('img', { name: en.qrAlt });

      await wait(1000);
      const signedIn = await screen.findByRole('heading', { level: 2, name: 'Signed in' });
      expect(document.activeElement).toBe(signedIn);
      await waitFor(() => expect(mockRefreshSession).toHaveBeenCalledTimes(1));
      expect(bff.bodies('POST', AUTH_URL)).toEqual([{ csrfToken: 'csrf-token-1' }]);

      await act(async () => sessionRead());
      await waitFor(() =>
        expect(`${currentLocation().pathname}${currentLocation().search}`).toBe('/flow/contact?step=2'),
      );
      expect(screen.getByTestId('location').dataset.navigation).toBe('REPLACE');

      const polls = bff.bodies('GET', SIGN_URL).length;
      await wait(3000);
      expect(bff.bodies('GET', SIGN_URL)).toHaveLength(polls);
    });

    it.each([
      ['redirect=%2Fflow%2Fcontact', '/flow/contact'],
      ['redirect=%2Fflow%2Fcontact&asPath=%2F%2Fevil.example', '/flow/contact'],
      ['redirect=%2F%2Fevil.example', '/'],
      ['redirect=https%3A%2F%2Fevil.example%2F', '/'],
      ['redirect=%2Fsign', '/'],
      ['', '/'],
    ])('with ?%s it lands on %s', async (query, target) => {
      bff.answer('POST', SIGN_URL, ok(waitingForScan(0)));
      bff.answer('GET', SIGN_URL, { status: 204 }, ok(complete()));
      bff.answer('POST', AUTH_URL, ok(homeowner));
      renderFlow(`/sign${query ? `?${query}` : ''}`);
      await click(en.otherDevice);
      await screen.findByRole('img', { name: en.qrAlt });
      await wait(1000);

      await waitFor(() => expect(currentLocation().pathname).toBe(target));
      expect(currentLocation().search).toBe('');
      expect(screen.getByTestId('location').dataset.navigation).toBe('REPLACE');
      if (target === '/')
        expect(screen.getByRole('heading', { level: 1, name: texts.en.flow.search.title })).toBeTruthy();
    });

    it.each([
      [409, 'not_complete'],
      [404, 'not_found'],
    ])('starts again when the BFF refuses the sign-in (%s %s)', async (status, error) => {
      bff.answer('POST', SIGN_URL, ok(waitingForScan(0)));
      bff.answer('GET', SIGN_URL, { status: 204 }, ok(complete()));
      bff.answer('POST', AUTH_URL, { status, body: { error } });
      renderFlow('/sign');
      await click(en.otherDevice);
      await screen.findByRole('img', { name: en.qrAlt });
      await wait(1000);

      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe('Something went wrong. Please try again.');
      expect(mockRefreshSession).not.toHaveBeenCalled();
      expect(currentLocation().pathname).toBe('/sign');
      await click(en.tryAgain);
      expect(await screen.findByRole('button', { name: en.otherDevice })).toBeTruthy();
    });

    it('signs in again on "Try again" when the sign-in request got no answer', async () => {
      bff.answer('POST', SIGN_URL, ok(waitingForScan(0)));
      bff.answer('GET', SIGN_URL, { status: 204 }, ok(complete()));
      bff.answer('POST', AUTH_URL, 'network-error');
      renderFlow('/sign?redirect=%2Fflow%2Fcontact');
      await click(en.otherDevice);
      await screen.findByRole('img', { name: en.qrAlt });
      await wait(1000);

      expect((await screen.findByRole('alert')).textContent).toBe(en.errors.network);
      bff.answer('POST', AUTH_URL, ok(homeowner));
      await click(en.tryAgain);
      await waitFor(() => expect(currentLocation().pathname).toBe('/flow/contact'));
      expect(bff.bodies('POST', AUTH_URL)).toHaveLength(2);
    });
  });

  describe('when the order fails', () => {
    it('shows the message in an alert and "Try again" goes back to the choice', async () => {
      bff.answer('POST', SIGN_URL, ok(waitingForScan(0)));
      bff.answer('GET', SIGN_URL, { status: 204 }, ok(cancelledByUser()));
      renderFlow('/sign');
      await click(en.otherDevice);
      await screen.findByRole('img', { name: en.qrAlt });
      await wait(1000);

      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe('The action was cancelled.');
      const heading = screen.getByRole('heading', { level: 2, name: en.failedTitle });
      expect(document.activeElement).toBe(heading);
      expect(screen.queryByRole('img', { name: en.qrAlt })).toBeNull();

      const polls = bff.bodies('GET', SIGN_URL).length;
      await wait(3000);
      expect(bff.bodies('GET', SIGN_URL)).toHaveLength(polls);

      await click('Try again');
      const title = await screen.findByRole('heading', { level: 1, name: en.title });
      expect(screen.getByRole('button', { name: en.sameDevice })).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(document.activeElement).toBe(title);
    });

    it('says it in Swedish', async () => {
      bff.answer('POST', SIGN_URL, ok(startingApp()));
      bff.answer('GET', SIGN_URL, { status: 204 }, ok(expired('bankid.same_device')));
      renderFlow('/sign', { lng: 'sv' });
      await click(sv.sameDevice);
      await screen.findByRole('link', { name: sv.launch });
      await wait(1000);

      expect((await screen.findByRole('alert')).textContent).toBe(expired().message.sv);
      expect(screen.getByRole('heading', { level: 2, name: 'Inloggningen slutfördes inte' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Försök igen' })).toBeTruthy();
    });

    it('shows an order that failed right away (POST answers failed)', async () => {
      bff.answer('POST', SIGN_URL, ok(cancelledByUser()));
      renderFlow('/sign');
      await click(en.otherDevice);
      expect((await screen.findByRole('alert')).textContent).toBe('The action was cancelled.');
    });
  });

  describe('when the BFF cannot start an order', () => {
    it('shows "Something went wrong" with the server message when rate-limited (429), and tries again', async () => {
      const message = 'Too many sign-in attempts. Wait a few minutes and try again.';
      bff.answer(
        'POST',
        SIGN_URL,
        { status: 429, body: { error: 'too_many_requests', message } },
        ok(waitingForScan(0)),
      );
      renderFlow('/sign');
      await click(en.otherDevice);

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('Something went wrong. Please try again.')).toBeTruthy();
      expect(within(alert).getByText(message)).toBeTruthy();
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: en.errorTitle }));

      await click(en.tryAgain);
      expect(await screen.findByRole('img', { name: en.qrAlt })).toBeTruthy();
      expect(bff.bodies('POST', SIGN_URL)).toHaveLength(2);
      expect(bff.bodies('POST', SIGN_URL)[1]).toMatchObject({ loginMethod: 'bankid.other_device' });
    });

    it('shows the server message of a 400', async () => {
      bff.answer('POST', SIGN_URL, {
        status: 400,
        body: { error: 'invalid_request', message: 'returnPath: must be a path starting with /' },
      });
      renderFlow('/sign');
      await click(en.sameDevice);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Something went wrong. Please try again.');
      expect(alert.textContent).toContain('returnPath: must be a path starting with /');
      expect(launch).not.toHaveBeenCalled();
    });

    it('shows the recommended message in the page language when the BFF sends both (BankID not started)', async () => {
      const rfa4 = {
        en:
          'An identification or signature is already in progress for your personal identity number. Please try ' +
          'again.',
        sv: 'En identifiering eller underskrift pågår redan för ditt personnummer. Försök igen.',
      };
      bff.answer('POST', SIGN_URL, {
        status: 409,
        body: { error: 'alreadyInProgress', message: rfa4.en, issues: { rfa: 'RFA4', message: rfa4 } },
      });
      renderFlow('/sign', { lng: 'sv' });
      await click(sv.otherDevice);
      const alert = await screen.findByRole('alert');
      expect([...alert.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
        'Något gick fel. Försök igen.',
        rfa4.sv,
      ]);
    });

    it('says "Something went wrong" once when that is also the server message (RFA5)', async () => {
      const rfa5 = { en: 'Something went wrong. Please try again.', sv: 'Något gick fel. Försök igen.' };
      bff.answer('POST', SIGN_URL, {
        status: 502,
        body: { error: 'bankid_unavailable', message: rfa5.en, issues: { rfa: 'RFA5', message: rfa5 } },
      });
      renderFlow('/sign');
      await click(en.otherDevice);
      expect((await screen.findByRole('alert')).textContent).toBe(rfa5.en);
    });

    it('shows a translated connection error when there is no answer, and tries again', async () => {
      bff.answer('POST', SIGN_URL, 'network-error', ok(startingApp()));
      renderFlow('/sign', { lng: 'sv' });
      await click(sv.sameDevice);

      expect((await screen.findByRole('alert')).textContent).toBe(
        'Vi kunde inte nå servern. Kontrollera din anslutning och försök igen.',
      );
      await click(sv.tryAgain);
      expect(await screen.findByRole('link', { name: sv.launch })).toBeTruthy();
      expect(launch).toHaveBeenCalledTimes(1);
    });

    it('shows the connection error when there is no CSRF token', async () => {
      mockGetCsrfToken.mockResolvedValue(undefined);
      renderFlow('/sign');
      await click(en.otherDevice);
      expect((await screen.findByRole('alert')).textContent).toBe(en.errors.network);
      expect(bff.bodies('POST', SIGN_URL)).toHaveLength(0);
    });

    it('keeps the buttons busy while the order starts', async () => {
      let answer!: () => void;
      const started = new Promise<void>((resolve) => (answer = resolve));
      mockGetCsrfToken.mockImplementation(async () => {
        await started;
        return 'csrf-token-1';
      });
      bff.answer('POST', SIGN_URL, ok(waitingForScan(0)));
      renderFlow('/sign');
      await click(en.otherDevice);

      expect(screen.getByRole('button', { name: en.otherDevice })).toHaveProperty('disabled', true);
      expect(screen.getByRole('button', { name: en.sameDevice })).toHaveProperty('disabled', true);
      expect(screen.getByText(en.starting)).toBeTruthy();
      await act(async () => answer());
      expect(await screen.findByRole('img', { name: en.qrAlt })).toBeTruthy();
      expect(bff.bodies('POST', SIGN_URL)).toHaveLength(1);
    });
  });

  describe('while polling', () => {
    it('keeps the QR code and says so when a poll gets no answer, then carries on', async () => {
      bff.answer('POST', SIGN_URL, ok(waitingForScan(0)));
      bff.answer('GET', SIGN_URL, { status: 204 }, 'network-error', ok(waitingForScan(2)));
      renderFlow('/sign');
      await click(en.otherDevice);
      await screen.findByRole('img', { name: en.qrAlt });

      await wait(1000);
      expect(await screen.findByText(en.connectionLost)).toBeTruthy();
      expect(screen.getByRole('img', { name: en.qrAlt })).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();

      await wait(1000);
      await waitFor(() => expect(screen.queryByText(en.connectionLost)).toBeNull());
      const latest = await qrSource(waitingForScan(2).qrData!);
      await waitFor(() => expect(screen.getByRole('img', { name: en.qrAlt }).getAttribute('src')).toBe(latest));
    });

    it.each([404, 204])(
      'stops with an error when the order is gone (%s) and "Try again" offers the choice',
      async (status) => {
        bff.answer('POST', SIGN_URL, ok(waitingForScan(0)));
        bff.answer(
          'GET',
          SIGN_URL,
          { status: 204 },
          { status, ...(status === 404 ? { body: { error: 'not_found' } } : {}) },
        );
        renderFlow('/sign');
        await click(en.otherDevice);
        await screen.findByRole('img', { name: en.qrAlt });
        await wait(1000);

        expect((await screen.findByRole('alert')).textContent).toBe(en.errors.server);
        await click(en.tryAgain);
        expect(await screen.findByRole('button', { name: en.otherDevice })).toBeTruthy();
      },
    );
  });

  describe('on arrival', () => {
    it('resumes a pending order of this session (back from the BankID app, or a reload)', async () => {
      bff.answer('GET', SIGN_URL, ok(startingApp()));
      renderFlow('/sign');
      expect(await screen.findByRole('link', { name: en.launch })).toBeTruthy();
      expect(liveStatus().textContent).toBe(startingApp().message.en);
      expect(launch).not.toHaveBeenCalled();
      expect(bff.bodies('POST', SIGN_URL)).toHaveLength(0);

      await wait(1000);
      expect(bff.bodies('GET', SIGN_URL)).toHaveLength(2);
    });

    it('finishes an order that completed meanwhile', async () => {
      bff.answer('GET', SIGN_URL, ok(complete('bankid.same_device')));
      bff.answer('POST', AUTH_URL, ok(homeowner));
      renderFlow('/sign?redirect=%2Fflow%2Fadd-property');
      await waitFor(() => expect(currentLocation().pathname).toBe('/flow/add-property'));
      expect(mockRefreshSession).toHaveBeenCalled();
    });

    it('offers the choice when the last order failed', async () => {
      bff.answer('GET', SIGN_URL, ok(cancelledByUser()));
      renderFlow('/sign');
      expect(await screen.findByRole('button', { name: en.otherDevice })).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it('shows a loading state while the session is read', () => {
      setSession('loading');
      renderFlow('/sign');
      expect(screen.getByRole('status').textContent).toBe(texts.en.common.loading);
      expect(bff.fetch).not.toHaveBeenCalled();
    });

    it('tells a homeowner who is already signed in, with a link on to the redirect', async () => {
      setSession(homeownerSession);
      renderFlow('/sign?redirect=%2Fflow%2Fcontact');
      expect(screen.getByRole('heading', { level: 1, name: 'You are signed in' })).toBeTruthy();
      expect(screen.getByText('Signed in as Anna Andersson.')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/flow/contact');
      expect(screen.queryByRole('button', { name: en.otherDevice })).toBeNull();
      expect(bff.fetch).not.toHaveBeenCalled();

      fireEvent.click(screen.getByRole('link', { name: 'Continue' }));
      await waitFor(() => expect(currentLocation().pathname).toBe('/flow/contact'));
    });

    it('says it in Swedish', () => {
      setSession(homeownerSession);
      renderFlow('/sign', { lng: 'sv' });
      expect(screen.getByRole('heading', { level: 1, name: 'Du är inloggad' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Fortsätt' }).getAttribute('href')).toBe('/');
    });

    it('offers BankID to a staff user (a console session is not a homeowner session)', async () => {
      setSession({ ...homeownerSession, user: { ...homeownerSession.user, kind: 'staff' } });
      renderFlow('/sign');
      expect(await screen.findByRole('button', { name: en.otherDevice })).toBeTruthy();
    });
  });
});
