CREATE TABLE "web_vitals" (
	"day" date NOT NULL,
	"route" text NOT NULL,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"device" text NOT NULL,
	"connection" text NOT NULL,
	"metric" text NOT NULL,
	"bucket" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "web_vitals_day_route_remote_version_device_connection_metric_bucket_pk" PRIMARY KEY("day","route","remote","version","device","connection","metric","bucket")
);
--> statement-breakpoint
ALTER TABLE "mfe_release_sessions" ADD COLUMN "usable_ms" integer;--> statement-breakpoint
ALTER TABLE "mfe_release_sessions" ADD COLUMN "inp_ms" integer;--> statement-breakpoint
ALTER TABLE "mfe_releases" ADD COLUMN "canary_verdict_reason" text;