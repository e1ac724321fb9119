CREATE TABLE "bankid_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_ref" text NOT NULL,
	"session_id" text NOT NULL,
	"login_method" text NOT NULL,
	"identification_mode" text NOT NULL,
	"auto_start_token" text NOT NULL,
	"qr_start_token" text NOT NULL,
	"qr_start_secret" text NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"end_user_ip" text NOT NULL,
	"mobile" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"hint_code" text,
	"error_code" text,
	"last_collected_at" timestamp (3) with time zone,
	"completed_user" jsonb,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "bankid_orders_order_ref_unique" UNIQUE("order_ref")
);
--> statement-breakpoint
CREATE TABLE "homeowner_properties" (
	"homeowner_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"relation" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homeowner_properties_homeowner_id_property_id_pk" PRIMARY KEY("homeowner_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "homeowners" (
	"id" serial PRIMARY KEY NOT NULL,
	"personal_number_hash" text NOT NULL,
	"personal_number_encrypted" text NOT NULL,
	"personal_number_masked" text NOT NULL,
	"name" text NOT NULL,
	"given_name" text,
	"surname" text,
	"contact_email" text,
	"contact_mobile" text,
	"selected_property_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	CONSTRAINT "homeowners_personal_number_hash_unique" UNIQUE("personal_number_hash")
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"postal_code" text NOT NULL,
	"postal_city" text NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "homeowner_properties" ADD CONSTRAINT "homeowner_properties_homeowner_id_homeowners_id_fk" FOREIGN KEY ("homeowner_id") REFERENCES "public"."homeowners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homeowner_properties" ADD CONSTRAINT "homeowner_properties_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homeowners" ADD CONSTRAINT "homeowners_selected_property_id_properties_id_fk" FOREIGN KEY ("selected_property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bankid_orders_session" ON "bankid_orders" USING btree ("session_id");