/**
 * Starts the BankID app on this device. One object so tests can `jest.spyOn(bankIdApp, 'open')`: the launch URL is
 * `bankid:///…` on a computer (the page stays) or `https://app.bankid.com/…` on a phone (docs/auth.md §3.7).
 */
export const bankIdApp = {
  open(launchUrl: string): void {
    window.location.href = launchUrl;
  },
};
