import crypto from 'node:crypto';
import type { PrivacyNotice, PrivacyNoticeItem, PrivacyOperator } from '@home-energy/shared/schemas/privacy';
import type { BrandConfig } from '@home-energy/shared/schemas/brand';
import type { Config } from '../../config';
import type { BrandConfigStore } from '../brand/store';
import type { Logger } from '../../logger';
import { keptFor, retentionSettings, type RetentionConfig, type RetentionSettings } from './retention';

type Language = 'sv' | 'en';

/** What the notice is made from: the operator and the retention periods (both settings), and the brand's own text. */
export interface NoticeSettings {
  operator: PrivacyOperator;
  retention: RetentionSettings;
}

export type NoticeConfig = RetentionConfig &
  Pick<
    Config,
    'PRIVACY_OPERATOR_NAME' | 'PRIVACY_OPERATOR_ORG_NUMBER' | 'PRIVACY_OPERATOR_ADDRESS' | 'PRIVACY_CONTACT_EMAIL'
  >;

/** The settings the notice is made from (and the retention sweep reads). */
export const NOTICE_CONFIG_KEYS = [
  'PRIVACY_OPERATOR_NAME',
  'PRIVACY_OPERATOR_ORG_NUMBER',
  'PRIVACY_OPERATOR_ADDRESS',
  'PRIVACY_CONTACT_EMAIL',
  'RETENTION_INACTIVE_MONTHS',
  'RETENTION_NOTICE_DAYS',
  'RETENTION_LEAD_MONTHS',
  'RETENTION_MAIL_DAYS',
] as const satisfies readonly (keyof NoticeConfig)[];

export function noticeSettings(config: NoticeConfig): NoticeSettings {
  return {
    operator: {
      name: config.PRIVACY_OPERATOR_NAME,
      org_number: config.PRIVACY_OPERATOR_ORG_NUMBER,
      address: config.PRIVACY_OPERATOR_ADDRESS,
      email: config.PRIVACY_CONTACT_EMAIL,
    },
    retention: retentionSettings(config),
  };
}

interface ItemText {
  what: string;
  why: string;
  basis: string;
  recipients: string;
}

/** Each kind of personal data the product keeps; how long comes from retention.ts (keptFor), never from here. */
const ITEMS: { id: Parameters<typeof keptFor>[0]; sv: ItemText; en: ItemText }[] = [
  {
    id: 'account',
    en: {
      what: 'Your name and personal identity number (stored encrypted) from BankID, and when you signed in.',
      why: 'To know it is you, so that only you see your homes.',
      basis: 'Contract (GDPR art. 6.1 b): the service you asked for.',
      recipients: 'Nobody outside the service.',
    },
    sv: {
      what: 'Ditt namn och personnummer (lagrat krypterat) från BankID, och när du loggade in.',
      why: 'För att veta att det är du, så att bara du ser dina hem.',
      basis: 'Avtal (GDPR art. 6.1 b): tjänsten du bad om.',
      recipients: 'Ingen utanför tjänsten.',
    },
  },
  {
    id: 'contact',
    en: {
      what: 'The name, e-mail address and mobile number you give to be reached.',
      why: 'So that the installers you choose can reach you, and to mail you about your requests.',
      basis: 'Your consent (GDPR art. 6.1 a), given each time you send a request; you can withdraw it.',
      recipients: 'Only the installers you send a request to. Each share is listed in My homes.',
    },
    sv: {
      what: 'Namnet, e-postadressen och mobilnumret du lämnar för att bli kontaktad.',
      why: 'Så att installatörerna du väljer kan nå dig, och för att mejla dig om dina förfrågningar.',
      basis: 'Ditt samtycke (GDPR art. 6.1 a), som du ger varje gång du skickar en förfrågan; du kan återkalla det.',
      recipients: 'Bara de installatörer du skickar en förfrågan till. Varje delning syns under Mina hem.',
    },
  },
  {
    id: 'homes',
    en: {
      what: 'Your homes, your answers about them, consumption, prices, plans and uploaded energy certificates.',
      why: "To compute each home's energy label and the measures that pay off.",
      basis: 'Contract (GDPR art. 6.1 b).',
      recipients:
        'The organisation whose site you used sees counts without your name; its staff check uploaded certificates.',
    },
    sv: {
      what: 'Dina hem, dina svar om dem, förbrukning, priser, planer och uppladdade energideklarationer.',
      why: 'För att räkna ut varje hems energiklass och de åtgärder som lönar sig.',
      basis: 'Avtal (GDPR art. 6.1 b).',
      recipients:
        'Organisationen vars webbplats du använde ser antal utan ditt namn; dess personal granskar uppladdade ' +
        'deklarationer.',
    },
  },
  {
    id: 'visitor',
    en: {
      what: 'Answers you give before signing in, kept with a cookie in your browser.',
      why: 'So that you do not have to answer again on your next visit.',
      basis: 'Legitimate interest (GDPR art. 6.1 f).',
      recipients: 'Nobody outside the service.',
    },
    sv: {
      what: 'Svar du lämnar innan du loggar in, sparade med en kaka i din webbläsare.',
      why: 'Så att du slipper svara igen nästa gång.',
      basis: 'Berättigat intresse (GDPR art. 6.1 f).',
      recipients: 'Ingen utanför tjänsten.',
    },
  },
  {
    id: 'leads',
    en: {
      what: 'Your requests to installers: the home, the measure, the date and how far the installer has come.',
      why: 'To pass your request on and show you its status.',
      basis: 'Your consent (GDPR art. 6.1 a).',
      recipients: 'The installer you asked. It keeps the request, without your name and contact details once removed.',
    },
    sv: {
      what: 'Dina förfrågningar till installatörer: hemmet, åtgärden, datumet och hur långt installatören har kommit.',
      why: 'För att skicka vidare din förfrågan och visa dig hur det går.',
      basis: 'Ditt samtycke (GDPR art. 6.1 a).',
      recipients:
        'Installatören du frågade. Den behåller förfrågan, utan ditt namn och dina kontaktuppgifter när de ' +
        'tagits bort.',
    },
  },
  {
    id: 'mail',
    en: {
      what: 'Copies of the e-mails we send you.',
      why: 'To find out why a mail did not arrive.',
      basis: 'Legitimate interest (GDPR art. 6.1 f).',
      recipients: 'Our e-mail provider, which delivers them.',
    },
    sv: {
      what: 'Kopior av e-postmeddelandena vi skickar dig.',
      why: 'För att kunna ta reda på varför ett mejl inte kom fram.',
      basis: 'Berättigat intresse (GDPR art. 6.1 f).',
      recipients: 'Vår e-postleverantör, som levererar dem.',
    },
  },
  {
    id: 'access',
    en: {
      what: 'Each time staff were shown your personal data: organisation, role, time and page.',
      why: 'So that you can see who looked at your data.',
      basis: 'Legal obligation (GDPR art. 5.2 and 32): accountability and security.',
      recipients: "You; an organisation's administrator sees its own staff's entries.",
    },
    sv: {
      what: 'Varje gång personal fick se dina personuppgifter: organisation, roll, tid och sida.',
      why: 'Så att du kan se vem som tittat på dina uppgifter.',
      basis: 'Rättslig förpliktelse (GDPR art. 5.2 och 32): ansvarsskyldighet och säkerhet.',
      recipients: 'Du; en organisations administratör ser sin egen personals poster.',
    },
  },
];

const WORDS = {
  en: {
    title: 'Privacy notice',
    intro: (o: PrivacyOperator) =>
      `${o.name} (${o.org_number}), ${o.address}, is responsible for your personal data in this service ` +
      `(the controller). Write to ${o.email} with any question about your data.`,
    rightsHeading: 'Your rights and how to use them',
    rights: (o: PrivacyOperator) => [
      'See and take your data: "Download my data" in My homes gives you everything we keep about you.',
      'Correct it: change your contact details in My homes.',
      'Withdraw a consent: each share with an installer is listed in My homes, with a button to withdraw it. The ' +
        'installer then no longer sees your name or contact details.',
      'Erase it: "Delete my account" in My homes removes your account and what belongs to it.',
      'See who looked: My homes lists each time staff were shown your data.',
      `Object, or ask to restrict what we do: write to ${o.email}. We answer within a month.`,
      'Complain: to the Swedish Authority for Privacy Protection (IMY, www.imy.se).',
    ],
  },
  sv: {
    title: 'Integritetspolicy',
    intro: (o: PrivacyOperator) =>
      `${o.name} (${o.org_number}), ${o.address}, ansvarar för dina personuppgifter i tjänsten ` +
      `(personuppgiftsansvarig). Skriv till ${o.email} om du har frågor om dina uppgifter.`,
    rightsHeading: 'Dina rättigheter och hur du använder dem',
    rights: (o: PrivacyOperator) => [
      'Se och ta med dina uppgifter: "Ladda ner mina uppgifter" under Mina hem ger dig allt vi sparar om dig.',
      'Rätta dem: ändra dina kontaktuppgifter under Mina hem.',
      'Återkalla ett samtycke: varje delning med en installatör står under Mina hem, med en knapp för att ' +
        'återkalla den. Installatören ser då inte längre ditt namn eller dina kontaktuppgifter.',
      'Radera dem: "Radera mitt konto" under Mina hem tar bort ditt konto och det som hör till det.',
      'Se vem som tittat: Mina hem visar varje gång personal fått se dina uppgifter.',
      `Invända, eller begära att vi begränsar behandlingen: skriv till ${o.email}. Vi svarar inom en månad.`,
      'Klaga: till Integritetsskyddsmyndigheten (IMY, www.imy.se).',
    ],
  },
} as const;

function render(settings: NoticeSettings, brandText: BrandConfig['privacy_notice'], language: Language) {
  const words = WORDS[language];
  const items: PrivacyNoticeItem[] = ITEMS.map((item) => ({
    id: item.id,
    ...item[language],
    kept: keptFor(item.id, settings.retention, language),
  }));
  return {
    language,
    title: words.title,
    intro: words.intro(settings.operator),
    operator: settings.operator,
    items,
    rights: { heading: words.rightsHeading, paragraphs: [...words.rights(settings.operator)] },
    brand_text: brandText?.[language]?.trim() || null,
  };
}

/**
 * The notice in both languages, with its version: a hash of everything both say, so any change of a text, a setting
 * or the brand's own text is a new version (consents record it).
 */
export function privacyNotices(
  settings: NoticeSettings,
  brandText: BrandConfig['privacy_notice'],
): Record<Language, PrivacyNotice> {
  const sv = render(settings, brandText, 'sv');
  const en = render(settings, brandText, 'en');
  const version = crypto
    .createHash('sha256')
    .update(JSON.stringify([sv, en]))
    .digest('hex')
    .slice(0, 12);
  return { sv: { version, ...sv }, en: { version, ...en } };
}

/** Reads the brand's own notice text (the default brand's when it has no config); none when the store fails. */
export async function brandNoticeText(
  store: BrandConfigStore,
  brand: string,
  defaultBrand: string,
  logger: Logger,
): Promise<BrandConfig['privacy_notice']> {
  try {
    const config = (await store.read(brand)) ?? (brand === defaultBrand ? null : await store.read(defaultBrand));
    return config?.privacy_notice;
  } catch (error) {
    logger.error({ err: error, brand }, 'brand config unreadable for the privacy notice');
    return undefined;
  }
}

/** The notice a homeowner of this brand reads now (its version is what a consent records). */
export async function currentNotice(
  deps: { store: BrandConfigStore; settings: NoticeSettings; defaultBrand: string; logger: Logger },
  brand: string,
): Promise<Record<Language, PrivacyNotice>> {
  return privacyNotices(deps.settings, await brandNoticeText(deps.store, brand, deps.defaultBrand, deps.logger));
}
