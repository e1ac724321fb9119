ALTER TABLE "content_items" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
ALTER TABLE "homeowners" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homeowners" ADD CONSTRAINT "homeowners_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_language" CHECK ("language" IN ('sv', 'en'));--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_valid_range" CHECK ("valid_until" IS NULL OR "date" IS NULL OR "valid_until" >= "date");--> statement-breakpoint
-- Homeowners signed up before this migration: the organisation of their first home.
UPDATE "homeowners" h SET "organisation_id" = (SELECT p."organisation_id" FROM "building_profiles" p WHERE p."homeowner_id" = h."id" AND p."organisation_id" IS NOT NULL ORDER BY p."created_at", p."id" LIMIT 1);
