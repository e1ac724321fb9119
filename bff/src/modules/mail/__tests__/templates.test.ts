import { renderMail } from '../templates';

describe('mail templates', () => {
  it('renders the recipient language from its template file, as text and HTML with the link', () => {
    const values = { name: 'Nora <Norrsken>', email: 'nora@example.se' };
    const sv = renderMail(
      'invitation',
      'sv',
      'nora@example.se',
      values,
      'https://energy.example.se/console/set-password#token=abc',
    );
    const en = renderMail(
      'invitation',
      'en',
      'nora@example.se',
      values,
      'https://energy.example.se/console/set-password#token=abc',
    );
    expect(sv.subject).toBe('Ditt konto i Home Energy-konsolen');
    expect(en.subject).toBe('Your console account at Home Energy');
    expect(en.text).toContain('Choose your password: https://energy.example.se/console/set-password#token=abc');
    expect(en.html).toContain(
      '<a href="https://energy.example.se/console/set-password#token=abc">Choose your password</a>',
    );
    // What people typed (names) never becomes markup in the HTML part.
    expect(en.html).toContain('Hello Nora &#60;Norrsken&#62;,');
    expect(en.html).not.toContain('<Norrsken>');
  });

  it("adds the installer's note to a status mail only when there is one", () => {
    const values = {
      installer: 'Demo Installation AB',
      homeowner: 'Anna',
      measure: 'Solceller',
      address: 'Ledgatan 4',
      status: 'arbetet har beställts',
    };
    expect(
      renderMail('request_status', 'sv', 'anna@example.se', values, 'http://x/flow/profile', 'Vi börjar i maj.').text,
    ).toContain('Meddelande från Demo Installation AB: Vi börjar i maj.');
    expect(renderMail('request_status', 'sv', 'anna@example.se', values, 'http://x/flow/profile').text).not.toContain(
      'Meddelande från',
    );
  });
});
