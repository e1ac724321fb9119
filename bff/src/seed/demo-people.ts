// Made-up homeowners for the demo journeys: common Swedish names, personal numbers no person can have, contact details
// on a reserved domain and in the mobile range set aside for fiction.
import { contactSchema, type Contact } from '@home-energy/shared/validation/contact';
import { maskPersonalNumber, type PersonalNumberVault } from '../bankid/personal-number';
import { pick, type Rng } from '../register/prng';

const GIVEN_NAMES = [
  'Anna',
  'Erik',
  'Maria',
  'Lars',
  'Karin',
  'Johan',
  'Eva',
  'Anders',
  'Sara',
  'Per',
  'Emma',
  'Mikael',
  'Lena',
  'Nils',
  'Ida',
  'Olof',
  'Sofia',
  'Gustav',
  'Maja',
  'Henrik',
  'Elin',
  'Oskar',
  'Frida',
  'Magnus',
  'Linnea',
  'Jonas',
  'Astrid',
  'Fredrik',
] as const;
const SURNAMES = [
  'Andersson',
  'Johansson',
  'Karlsson',
  'Nilsson',
  'Eriksson',
  'Larsson',
  'Olsson',
  'Persson',
  'Svensson',
  'Gustafsson',
  'Pettersson',
  'Jonsson',
  'Jansson',
  'Hansson',
  'Bengtsson',
  'Lindberg',
  'Lindström',
  'Lindqvist',
  'Berg',
  'Sandberg',
  'Holm',
  'Åberg',
  'Ström',
  'Söderberg',
] as const;

export interface DemoPerson {
  personalNumber: string;
  name: string;
  givenName: string;
  surname: string;
  contact: Contact;
}

const ascii = (text: string) => text.toLowerCase().replace(/[åä]/g, 'a').replace(/ö/g, 'o');

/**
 * The `index`th demo homeowner. The personal number has month and day 00, which no personal or coordination number
 * has, so no real sign-in ever finds a demo homeowner. Mobiles are in 070-174 06 05…99, which PTS keeps for fiction.
 */
export function demoPerson(rng: Rng, index: number): DemoPerson {
  const givenName = pick(rng, GIVEN_NAMES);
  const surname = pick(rng, SURNAMES);
  // Unique for the first 600,000 indexes: 60 birth years × 10,000 serials.
  const personalNumber = `${1940 + (index % 60)}0000${String(Math.floor(index / 60) % 10_000).padStart(4, '0')}`;
  const contact = contactSchema.parse({
    email: `${ascii(givenName)}.${ascii(surname)}.${index}@demo.example`,
    mobile: `070-174 06 ${String(5 + (index % 95)).padStart(2, '0')}`,
  });
  return { personalNumber, name: `${givenName} ${surname}`, givenName, surname, contact };
}

/** The homeowners row of a demo person, with the personal number kept as a real one is (hash, ciphertext, mask). */
export function demoHomeownerRow(vault: PersonalNumberVault, person: DemoPerson) {
  return {
    personalNumberHash: vault.hash(person.personalNumber),
    personalNumberEncrypted: vault.encrypt(person.personalNumber),
    personalNumberMasked: maskPersonalNumber(person.personalNumber),
    name: person.name,
    givenName: person.givenName,
    surname: person.surname,
    demo: true,
  };
}
