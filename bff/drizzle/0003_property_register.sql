ALTER TABLE "properties" ADD COLUMN "street_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "municipality_code" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "price_area" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "building" jsonb;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "issued_epc" jsonb;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "source" text DEFAULT 'demo' NOT NULL;--> statement-breakpoint
UPDATE "properties" SET "street_key" = lower(trim("street"));--> statement-breakpoint
CREATE UNIQUE INDEX "properties_address" ON "properties" USING btree ("street_key","postal_code");--> statement-breakpoint
CREATE INDEX "properties_postal_code" ON "properties" USING btree ("postal_code");