import { CHOOSE_PASSWORD_PATH, choosePasswordRedirect, PASSWORD_CHANGE_REQUIRED } from '../password-change';

describe('a console call refused until the one-time password is replaced', () => {
  it('sends the browser to "Choose your password"', () => {
    expect(
      choosePasswordRedirect(403, { error: PASSWORD_CHANGE_REQUIRED, message: '…' }, '/console/org/demo-energi/users'),
    ).toBe(CHOOSE_PASSWORD_PATH);
  });

  it('stays put on that page, and leaves every other refusal alone', () => {
    expect(choosePasswordRedirect(403, { error: PASSWORD_CHANGE_REQUIRED }, CHOOSE_PASSWORD_PATH)).toBeNull();
    expect(choosePasswordRedirect(403, { error: 'forbidden' }, '/console/org/demo-energi/users')).toBeNull();
    expect(choosePasswordRedirect(401, { error: PASSWORD_CHANGE_REQUIRED }, '/console')).toBeNull();
    expect(choosePasswordRedirect(403, undefined, '/console')).toBeNull();
  });
});
