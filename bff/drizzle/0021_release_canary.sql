-- Progressive releases (bff/src/modules/releases/audience.ts, health.ts): a canary's audience and verdict, and the
-- sessions that loaded each release with the errors they reported.
CREATE TABLE "mfe_release_sessions" (
	"release_id" integer NOT NULL,
	"visitor" text NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mfe_release_sessions_release_id_visitor_pk" PRIMARY KEY("release_id","visitor")
);
--> statement-breakpoint
ALTER TABLE "mfe_releases" ADD COLUMN "audience_brand" text;--> statement-breakpoint
ALTER TABLE "mfe_releases" ADD COLUMN "audience_percent" integer;--> statement-breakpoint
ALTER TABLE "mfe_releases" ADD COLUMN "canary_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mfe_releases" ADD COLUMN "canary_verdict" text;--> statement-breakpoint
ALTER TABLE "mfe_releases" ADD COLUMN "canary_verdict_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mfe_release_sessions" ADD CONSTRAINT "mfe_release_sessions_release_id_mfe_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."mfe_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mfe_releases_one_canary" ON "mfe_releases" USING btree ("remote") WHERE "mfe_releases"."canary_started_at" is not null;--> statement-breakpoint
ALTER TABLE "mfe_releases" ADD CONSTRAINT "mfe_releases_audience" CHECK (("mfe_releases"."canary_started_at" is null and "mfe_releases"."audience_brand" is null and "mfe_releases"."audience_percent" is null) or ("mfe_releases"."canary_started_at" is not null and not "mfe_releases"."active" and (("mfe_releases"."audience_brand" is not null) <> ("mfe_releases"."audience_percent" is not null)) and ("mfe_releases"."audience_percent" is null or "mfe_releases"."audience_percent" between 1 and 99)));