CREATE TABLE "web_vitals_days" (
	"day" date NOT NULL,
	"route" text NOT NULL,
	"metric" text NOT NULL,
	"p75" real NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "web_vitals_days_day_route_metric_pk" PRIMARY KEY("day","route","metric")
);
--> statement-breakpoint
CREATE TABLE "web_vitals_rolled" (
	"name" text PRIMARY KEY NOT NULL,
	"through" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_vitals_windows" (
	"days" integer NOT NULL,
	"route" text NOT NULL,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"device" text NOT NULL,
	"metric" text NOT NULL,
	"bucket" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "web_vitals_windows_days_route_remote_version_device_metric_bucket_pk" PRIMARY KEY("days","route","remote","version","device","metric","bucket")
);
