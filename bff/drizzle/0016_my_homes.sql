ALTER TABLE "homeowner_properties" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "homeowner_properties" ADD COLUMN "removed_while_selected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "homeowners" ADD COLUMN "contact_name" text;--> statement-breakpoint
-- Demo installers seeded with logos on hosts that do not resolve get the logos the BFF serves (bff/data/demo-logos).
UPDATE "organisation_installers" SET "logo" = '/demo-logos/' || "identifier" || '.svg' WHERE "identifier" IN ('varmepumpsteknik-demo', 'solkraft-demo', 'isolerproffsen-demo', 'demo-installer') AND "logo" LIKE 'https://%.example/logo.png';
