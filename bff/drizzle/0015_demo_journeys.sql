-- Demo homeowner journeys (bff/src/seed/README.md): their profiles and homeowners are marked, so `demo remove` finds
-- them and a production start refuses to run with them.
ALTER TABLE "building_profiles" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "homeowners" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "building_profiles_demo" ON "building_profiles" USING btree ("id") WHERE "building_profiles"."demo";--> statement-breakpoint
CREATE INDEX "homeowners_demo" ON "homeowners" USING btree ("id") WHERE "homeowners"."demo";
