ALTER TABLE "installer_requests" ALTER COLUMN "homeowner_id" DROP NOT NULL;--> statement-breakpoint
-- A lead whose homeowner erased their account stays with the installer, as account_deleted (modules/privacy/erasure.ts).
ALTER TABLE "installer_requests" DROP CONSTRAINT "installer_requests_status";--> statement-breakpoint
ALTER TABLE "installer_requests" ADD CONSTRAINT "installer_requests_status" CHECK ("status" IN ('new', 'contacted', 'quoted', 'won', 'lost', 'declined', 'withdrawn', 'account_deleted'));
