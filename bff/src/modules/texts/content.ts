// Texts the flow fetches by name (GET /api/flow/texts/{name}), in English and Swedish. Seeded at start; an operator
// edits them in the database. The legal texts are samples (demo: true) that an operator must replace before launch.
export interface TextSeed {
  name: string;
  demo: boolean;
  en: { title: string; body: string };
  sv: { title: string; body: string };
}

export const TEXTS: TextSeed[] = [
  {
    name: 'about-estimates',
    demo: false,
    en: {
      title: 'How we estimate your energy use',
      body:
        'We start from what the property register knows about your house and your answers, and place it in ' +
        'its climate by postal code. ' +
        'From this we compute the heat the house loses through roof, walls, windows, doors, floor and ' +
        'ventilation, the energy your heating system buys to replace it, ' +
        'and hot water. The energy label follows the rules of the Swedish building regulations (BBR): the ' +
        'primary energy number divided by the requirement for a new house of the same kind and size. ' +
        'Every saving comes from running the same calculation again with the measure applied, so measures ' +
        'that overlap are not counted twice. ' +
        'The result is an estimate, not an energy performance certificate; an energy expert can issue one ' +
        'after a visit.',
    },
    sv: {
      title: 'Så beräknar vi husets energianvändning',
      body:
        'Vi utgår från det fastighetsregistret vet om huset och från dina svar, och placerar huset i sitt ' +
        'klimat utifrån postnumret. ' +
        'Därifrån räknar vi ut hur mycket värme huset förlorar genom tak, väggar, fönster, dörrar, golv och ' +
        'ventilation, hur mycket energi värmesystemet köper för att ersätta den, ' +
        'och varmvattnet. Energiklassen följer Boverkets byggregler (BBR): primärenergitalet delat med ' +
        'kravet för ett nytt hus av samma slag och storlek. ' +
        'Varje besparing kommer från samma beräkning gjord igen med åtgärden genomförd, så åtgärder som ' +
        'överlappar räknas inte två gånger. ' +
        'Resultatet är en uppskattning, inte en energideklaration; en energiexpert kan upprätta en efter ett besök.',
    },
  },
  {
    name: 'terms',
    demo: true,
    en: {
      title: 'Terms of use (sample)',
      body:
        'This service gives estimates of energy use, energy labels, savings and costs from the information ' +
        'you give and from public registers. ' +
        'The estimates are guidance, not offers or certificates. Installers and lenders you contact through ' +
        'the service make their own assessments. ' +
        'Sample text: the operator of the service replaces it with its own terms.',
    },
    sv: {
      title: 'Användarvillkor (exempel)',
      body:
        'Tjänsten ger uppskattningar av energianvändning, energiklass, besparingar och kostnader utifrån de ' +
        'uppgifter du lämnar och offentliga register. ' +
        'Uppskattningarna är vägledning, inte offerter eller energideklarationer. Installatörer och ' +
        'långivare som du kontaktar via tjänsten gör egna bedömningar. ' +
        'Exempeltext: den som driver tjänsten ersätter den med sina egna villkor.',
    },
  },
  {
    name: 'privacy',
    demo: true,
    en: {
      title: 'Privacy (sample)',
      body:
        'We store your answers about the house so that you can come back to them. When you sign in with ' +
        'BankID we store your name and an encrypted personal identity number. ' +
        'Contact details are stored only when you give them and shared only with the installers you choose. ' +
        'You can remove a property and its answers from your profile at any time. ' +
        'Sample text: the operator of the service replaces it with its own privacy notice.',
    },
    sv: {
      title: 'Integritet (exempel)',
      body:
        'Vi sparar dina svar om huset så att du kan återvända till dem. När du loggar in med BankID sparar ' +
        'vi ditt namn och ett krypterat personnummer. ' +
        'Kontaktuppgifter sparas bara när du lämnar dem och delas bara med de installatörer du väljer. Du ' +
        'kan när som helst ta bort en fastighet och dess svar ur din profil. ' +
        'Exempeltext: den som driver tjänsten ersätter den med sin egen integritetspolicy.',
    },
  },
];
