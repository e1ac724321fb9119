CREATE TABLE "mfe_release_served" (
	"release_id" integer NOT NULL,
	"visitor" text NOT NULL,
	"served_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mfe_release_served_release_id_visitor_pk" PRIMARY KEY("release_id","visitor")
);
--> statement-breakpoint
ALTER TABLE "mfe_release_sessions" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "mfe_release_served" ADD CONSTRAINT "mfe_release_served_release_id_mfe_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."mfe_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mfe_release_served_at" ON "mfe_release_served" USING btree ("served_at");