import { measureName, renderMail } from '../templates';

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

  it('writes the email confirmation in both languages, with its link and expiry', () => {
    const values = { name: 'Anna', email: 'anna@example.se', expires: '2026-11-29 11:00 CET' };
    const link = 'https://energy.example.se/flow/confirm-email#token=abc';
    const sv = renderMail('email_verification', 'sv', 'anna@example.se', values, link);
    const en = renderMail('email_verification', 'en', 'anna@example.se', values, link);
    expect(sv.subject).toBe('Bekräfta din e-postadress');
    expect(sv.text).toContain('Bekräfta e-postadressen: https://energy.example.se/flow/confirm-email#token=abc');
    expect(sv.text).toContain('till 2026-11-29 11:00 CET');
    expect(en.subject).toBe('Confirm your email address');
    expect(en.text).toContain('you gave anna@example.se as your email address');
  });

  it("tells a lead's staff only the ways the homeowner can be reached", () => {
    const values = {
      homeowner: 'Anna',
      organisation: 'Demo Installation AB',
      measure: 'Solceller',
      address: 'Ledgatan 4',
    };
    const link = 'http://x/console/org/demo-installer/requests';
    expect(renderMail('lead_new', 'sv', 's@x.se', { ...values, reach: '+46701234567' }, link).text).toContain(
      'Nå hen på +46701234567.',
    );
  });

  it.each([
    ['sv', 'Luft/luft-värmepump', 'Övriga åtgärder'],
    ['en', 'Air-to-air heat pump', 'Other measures'],
  ] as const)('names the measure of a request in words in %s, never by its key', (language, air, other) => {
    const values = {
      installer: 'Demo Installation AB',
      homeowner: 'Anna',
      address: 'Ledgatan 4',
      email: 'anna@example.se',
      mobile: '+46701234567',
    };
    const sent = renderMail(
      'request_sent',
      language,
      'anna@example.se',
      {
        ...values,
        measure: measureName(language, 'heat_pump_air'),
      },
      'http://x/flow/profile',
    );
    expect(sent.text).toContain(air);
    expect(sent.subject + sent.text + sent.html).not.toContain('heat_pump_air');
    // A request about a measure the engine no longer has still reads as words.
    expect(measureName(language, 'heat_pump_retired')).toBe(other);
  });
});
