-- A completed BankID order kept its signer's personal number and names in clear (README "Homeowner sign-in (BankID)"
-- says they are stored encrypted); now they are encrypted with the personal-number vault. Existing completions are
-- not converted (SQL holds no key): orders live minutes and are swept after a day, so rows that hold one are deleted
-- (a signer half-way through starts again).
DELETE FROM "bankid_orders" WHERE "completed_user" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "bankid_orders" DROP COLUMN "completed_user";--> statement-breakpoint
ALTER TABLE "bankid_orders" ADD COLUMN "completed_user_encrypted" text;--> statement-breakpoint
-- DROP COLUMN and DELETE leave the old values in the table's pages until they are rewritten: rewrite them now.
CLUSTER "bankid_orders" USING "bankid_orders_pkey";
