CREATE TABLE "mfe_releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"shared" jsonb NOT NULL,
	"files" integer NOT NULL,
	"bytes" integer NOT NULL,
	"released_by" text NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_by" text,
	"activated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mfe_releases_remote_version" ON "mfe_releases" USING btree ("remote","version");--> statement-breakpoint
CREATE UNIQUE INDEX "mfe_releases_one_active" ON "mfe_releases" USING btree ("remote") WHERE "mfe_releases"."active";