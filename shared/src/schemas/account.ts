// The console's account page: the signed-in staff user's own profile and password.
import { z } from 'zod';
import type { OrganisationFeature, OrganisationRole } from './session';
import { mailLanguageSchema, type MailLanguage } from './mail-language';
import { lazySchema } from './lazy-schema';

export interface ConsoleAccount {
  id: number;
  name: string;
  email: string;
  superAdmin: boolean;
  createdAt: string;
  lastSignInAt: string | null;
  /** The language of the user's mails: chosen here, else the console language they last used (Swedish before). */
  mailLanguage: MailLanguage;
  organisations: {
    slug: string;
    name: string;
    role: OrganisationRole;
    features: OrganisationFeature[];
    isInstaller: boolean;
  }[];
}

export const accountUpdateSchema = lazySchema(() =>
  z
    .object({
      name: z.string().trim().min(1, 'must not be empty').max(255).optional(),
      mailLanguage: mailLanguageSchema.optional(),
    })
    .strict()
    .refine((b) => b.name !== undefined || b.mailLanguage !== undefined, 'give name and/or mailLanguage'),
);

/** At least 12 characters: the one-time passwords admins hand out are replaced with something as strong. */
export const PASSWORD_MIN_LENGTH = 12;

export const passwordChangeSchema = lazySchema(() =>
  z
    .object({
      currentPassword: z.string().min(1, 'enter your current password').max(200),
      newPassword: z.string().min(PASSWORD_MIN_LENGTH, `at least ${PASSWORD_MIN_LENGTH} characters`).max(200),
    })
    .strict()
    .refine((p) => p.currentPassword !== p.newPassword, {
      message: 'choose a password you have not used here',
      path: ['newPassword'],
    }),
);
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
