CREATE TABLE "analytics_actor_periods" (
	"organisation_id" integer NOT NULL,
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"actor" uuid NOT NULL,
	CONSTRAINT "analytics_actor_periods_organisation_id_grain_period_actor_pk" PRIMARY KEY("organisation_id","grain","period","actor")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily" (
	"organisation_id" integer NOT NULL,
	"metric" text NOT NULL,
	"day" date NOT NULL,
	"bucket" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_organisation_id_metric_day_bucket_pk" PRIMARY KEY("organisation_id","metric","day","bucket")
);
--> statement-breakpoint
CREATE TABLE "analytics_organisation_homeowners" (
	"organisation_id" integer NOT NULL,
	"homeowner_id" integer NOT NULL,
	"profiles" integer NOT NULL,
	"signup_day" date NOT NULL,
	CONSTRAINT "analytics_organisation_homeowners_organisation_id_homeowner_id_pk" PRIMARY KEY("organisation_id","homeowner_id")
);
--> statement-breakpoint
CREATE TABLE "answer_reviews" (
	"profile_id" integer PRIMARY KEY NOT NULL,
	"answers_hash" text NOT NULL,
	"outcome" text NOT NULL,
	"note" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"key" text NOT NULL,
	"content" text NOT NULL,
	"date" date,
	"image" text,
	"activity" text,
	"require_terms" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_items_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "organisation_settings" (
	"organisation_id" integer PRIMARY KEY NOT NULL,
	"prices" jsonb,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_insights" (
	"profile_id" integer PRIMARY KEY NOT NULL,
	"organisation_id" integer,
	"property_id" integer NOT NULL,
	"day" date NOT NULL,
	"label" text,
	"calculated_class" text,
	"after_class" text,
	"building_type" text,
	"year_band" text,
	"heating" text,
	"recommended" text[] DEFAULT '{}'::text[] NOT NULL,
	"completed" text[] DEFAULT '{}'::text[] NOT NULL,
	"energy_now" integer,
	"energy_after" integer,
	"cost_now" integer,
	"cost_after" integer,
	"co2_now" integer,
	"co2_after" integer,
	"carriers_now" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"carriers_after" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"issues" text[] DEFAULT '{}'::text[] NOT NULL,
	"answers_hash" text NOT NULL,
	"facts_hash" text NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answer_reviews" ADD CONSTRAINT "answer_reviews_profile_id_building_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."building_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_reviews" ADD CONSTRAINT "answer_reviews_reviewed_by_staff_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD CONSTRAINT "organisation_settings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD CONSTRAINT "organisation_settings_updated_by_staff_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_insights" ADD CONSTRAINT "profile_insights_profile_id_building_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."building_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_items_key" ON "content_items" USING btree ("key");--> statement-breakpoint
CREATE INDEX "content_items_activity" ON "content_items" USING btree ("activity");--> statement-breakpoint
CREATE INDEX "profile_insights_issues" ON "profile_insights" USING btree ("organisation_id","computed_at") WHERE cardinality("profile_insights"."issues") > 0;--> statement-breakpoint
CREATE INDEX "profile_insights_property" ON "profile_insights" USING btree ("property_id");