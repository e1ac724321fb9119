CREATE TABLE "installer_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"homeowner_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"organisation_id" integer,
	"installer_identifier" text NOT NULL,
	"installer_name" text NOT NULL,
	"activity_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "installer_requests" ADD CONSTRAINT "installer_requests_homeowner_id_homeowners_id_fk" FOREIGN KEY ("homeowner_id") REFERENCES "public"."homeowners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installer_requests" ADD CONSTRAINT "installer_requests_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installer_requests" ADD CONSTRAINT "installer_requests_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "installer_requests_once" ON "installer_requests" USING btree ("homeowner_id","property_id","installer_identifier","activity_key");--> statement-breakpoint
CREATE INDEX "installer_requests_organisation" ON "installer_requests" USING btree ("organisation_id","created_at");