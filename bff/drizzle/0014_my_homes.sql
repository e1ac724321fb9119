ALTER TABLE "homeowner_properties" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "homeowner_properties" ADD COLUMN "removed_while_selected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "homeowners" ADD COLUMN "contact_name" text;