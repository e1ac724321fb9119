CREATE TABLE "building_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"homeowner_id" integer,
	"visitor_id" uuid,
	"organisation_id" integer,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rates" jsonb,
	"consumption" jsonb,
	"calculated_class" text,
	"calculated_ep" real,
	"measured_class" text,
	"computed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "building_profiles_one_owner" CHECK ((homeowner_id is null) <> (visitor_id is null))
);
--> statement-breakpoint
CREATE TABLE "epc_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"energy_class" text NOT NULL,
	"ep" real,
	"issued_at" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"object" text,
	"property_id" integer,
	"homeowner_id" integer,
	"visitor_id" uuid,
	"organisation_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_definitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"key" text NOT NULL,
	"position" integer NOT NULL,
	"header" text NOT NULL,
	"data" jsonb NOT NULL,
	"texts" jsonb NOT NULL,
	"asked" boolean DEFAULT true NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "texts" (
	"name" text NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "texts_name_locale_pk" PRIMARY KEY("name","locale")
);
--> statement-breakpoint
ALTER TABLE "building_profiles" ADD CONSTRAINT "building_profiles_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_profiles" ADD CONSTRAINT "building_profiles_homeowner_id_homeowners_id_fk" FOREIGN KEY ("homeowner_id") REFERENCES "public"."homeowners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "building_profiles" ADD CONSTRAINT "building_profiles_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epc_documents" ADD CONSTRAINT "epc_documents_profile_id_building_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."building_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epc_documents" ADD CONSTRAINT "epc_documents_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epc_documents" ADD CONSTRAINT "epc_documents_reviewed_by_staff_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_homeowner_id_homeowners_id_fk" FOREIGN KEY ("homeowner_id") REFERENCES "public"."homeowners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactions" ADD CONSTRAINT "interactions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_definitions" ADD CONSTRAINT "question_definitions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "building_profiles_homeowner" ON "building_profiles" USING btree ("property_id","homeowner_id") WHERE homeowner_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "building_profiles_visitor" ON "building_profiles" USING btree ("property_id","visitor_id") WHERE visitor_id is not null;--> statement-breakpoint
CREATE INDEX "building_profiles_organisation" ON "building_profiles" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "epc_documents_profile" ON "epc_documents" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "epc_documents_status" ON "epc_documents" USING btree ("status");--> statement-breakpoint
CREATE INDEX "interactions_organisation_time" ON "interactions" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "question_definitions_key" ON "question_definitions" USING btree ("organisation_id","key");