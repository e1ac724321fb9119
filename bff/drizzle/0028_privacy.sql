CREATE TABLE "periodic_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "personal_data_access" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"homeowner_id" integer NOT NULL,
	"staff_user_id" integer,
	"organisation_id" integer,
	"organisation_name" text NOT NULL,
	"role" text NOT NULL,
	"impersonating" boolean DEFAULT false NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"homeowner_id" integer NOT NULL,
	"installer_request_id" integer,
	"organisation_id" integer,
	"recipient" text NOT NULL,
	"shared" text[] NOT NULL,
	"activity_key" text NOT NULL,
	"notice_version" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "homeowners" ADD COLUMN "inactivity_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "installer_requests" ADD COLUMN "personal_data_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "personal_data_access" ADD CONSTRAINT "personal_data_access_homeowner_id_homeowners_id_fk" FOREIGN KEY ("homeowner_id") REFERENCES "public"."homeowners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_data_access" ADD CONSTRAINT "personal_data_access_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_data_access" ADD CONSTRAINT "personal_data_access_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_consents" ADD CONSTRAINT "privacy_consents_homeowner_id_homeowners_id_fk" FOREIGN KEY ("homeowner_id") REFERENCES "public"."homeowners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_consents" ADD CONSTRAINT "privacy_consents_installer_request_id_installer_requests_id_fk" FOREIGN KEY ("installer_request_id") REFERENCES "public"."installer_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_consents" ADD CONSTRAINT "privacy_consents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "personal_data_access_homeowner" ON "personal_data_access" USING btree ("homeowner_id","created_at");--> statement-breakpoint
CREATE INDEX "personal_data_access_organisation" ON "personal_data_access" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "privacy_consents_homeowner" ON "privacy_consents" USING btree ("homeowner_id","given_at");--> statement-breakpoint
CREATE INDEX "privacy_consents_request" ON "privacy_consents" USING btree ("installer_request_id");