import type { SignPurpose } from '@home-energy/shared/schemas/bankid';
import type { MailLanguage } from '@home-energy/shared/schemas/mail-language';

/**
 * What the BankID app shows for a `validate` order (RP API `userVisibleData`, simpleMarkdownV1), in the homeowner's
 * language: the person approves exactly what the product will do.
 */
export const VALIDATE_TEXTS: Record<SignPurpose | 'confirm', Record<MailLanguage, string>> = {
  confirm: {
    sv: 'Bekräfta att det är du som använder Hemenergi.',
    en: 'Confirm that it is you using Home Energy.',
  },
  delete_account: {
    sv:
      '# Radera ditt konto hos Hemenergi\n\n' +
      'Du godkänner att ditt konto raderas för gott: dina hem, svar, planer, dokument och kontaktuppgifter. ' +
      'Det går inte att ångra.',
    en:
      '# Delete your Home Energy account\n\n' +
      'You approve that your account is deleted for good: your homes, answers, plans, documents and contact ' +
      'details. This cannot be undone.',
  },
};

/** The base64 UTF-8 `userVisibleData` of a validate order. */
export function userVisibleData(purpose: SignPurpose | undefined, language: MailLanguage): string {
  return Buffer.from(VALIDATE_TEXTS[purpose ?? 'confirm'][language], 'utf8').toString('base64');
}
