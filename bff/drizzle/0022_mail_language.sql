-- The language of each homeowner's and console user's mails (bff/src/modules/mail/language.ts): null until known,
-- taken from the UI they use unless they chose it themselves.
ALTER TABLE "homeowners" ADD COLUMN "mail_language" text;--> statement-breakpoint
ALTER TABLE "homeowners" ADD COLUMN "mail_language_chosen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "mail_language" text;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "mail_language_chosen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "homeowners" ADD CONSTRAINT "homeowners_mail_language" CHECK ("mail_language" IN ('sv', 'en'));--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_mail_language" CHECK ("mail_language" IN ('sv', 'en'));