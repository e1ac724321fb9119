CREATE TABLE "homeowner_email_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"homeowner_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "homeowner_email_verifications_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "homeowners" ADD COLUMN "contact_email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "installer_requests" ADD COLUMN "sent_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "installer_requests" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "installer_requests" ADD COLUMN "withdrawn_from" text;--> statement-breakpoint
ALTER TABLE "homeowner_email_verifications" ADD CONSTRAINT "homeowner_email_verifications_homeowner_id_homeowners_id_fk" FOREIGN KEY ("homeowner_id") REFERENCES "public"."homeowners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "homeowner_email_verifications_homeowner" ON "homeowner_email_verifications" USING btree ("homeowner_id","created_at");--> statement-breakpoint
-- Requests sent before: last sent when they were made (docs/security.md "Installer requests and contact email").
UPDATE "installer_requests" SET "sent_at" = "created_at";--> statement-breakpoint
-- A homeowner's withdrawal keeps the installer's lead, marked withdrawn (shared/src/schemas/installer-leads.ts).
ALTER TABLE "installer_requests" DROP CONSTRAINT "installer_requests_status";--> statement-breakpoint
ALTER TABLE "installer_requests" ADD CONSTRAINT "installer_requests_status" CHECK ("status" IN ('new', 'contacted', 'quoted', 'won', 'lost', 'declined', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "installer_requests" ADD CONSTRAINT "installer_requests_withdrawn_from" CHECK ("withdrawn_from" IN ('new', 'contacted', 'quoted'));--> statement-breakpoint
-- As in 0013, except that a withdrawn request counts nowhere (as when withdrawing deleted it), and counts again when
-- the homeowner re-requests it (bff/src/modules/analytics/README.md).
CREATE OR REPLACE FUNCTION analytics_installer_requests_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_add(array_agg(x.organisation_id), array_agg(x.metric), array_agg(x.day), array_agg(x.bucket), array_agg(x.n), array_agg(0::bigint))
    FROM (
      SELECT organisation_id, 'installer_requests'::text AS metric, (created_at AT TIME ZONE 'UTC')::date AS day, activity_key AS bucket, 1::bigint AS n FROM new_rows WHERE organisation_id IS NOT NULL AND status <> 'withdrawn'
      UNION ALL
      SELECT organisation_id, 'installer_funnel', (created_at AT TIME ZONE 'UTC')::date, unnest(analytics_funnel_stages(contacted_at, quoted_at, status)), 1 FROM new_rows WHERE organisation_id IS NOT NULL AND status <> 'withdrawn'
    ) x;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM analytics_add(array_agg(x.organisation_id), array_agg(x.metric), array_agg(x.day), array_agg(x.bucket), array_agg(x.n), array_agg(0::bigint))
    FROM (
      SELECT organisation_id, 'installer_requests'::text AS metric, (created_at AT TIME ZONE 'UTC')::date AS day, activity_key AS bucket, 1::bigint AS n FROM new_rows WHERE organisation_id IS NOT NULL AND status <> 'withdrawn'
      UNION ALL
      SELECT organisation_id, 'installer_requests', (created_at AT TIME ZONE 'UTC')::date, activity_key, -1 FROM old_rows WHERE organisation_id IS NOT NULL AND status <> 'withdrawn'
      UNION ALL
      SELECT organisation_id, 'installer_funnel', (created_at AT TIME ZONE 'UTC')::date, unnest(analytics_funnel_stages(contacted_at, quoted_at, status)), 1 FROM new_rows WHERE organisation_id IS NOT NULL AND status <> 'withdrawn'
      UNION ALL
      SELECT organisation_id, 'installer_funnel', (created_at AT TIME ZONE 'UTC')::date, unnest(analytics_funnel_stages(contacted_at, quoted_at, status)), -1 FROM old_rows WHERE organisation_id IS NOT NULL AND status <> 'withdrawn'
    ) x;
  ELSE
    PERFORM analytics_add(array_agg(x.organisation_id), array_agg(x.metric), array_agg(x.day), array_agg(x.bucket), array_agg(x.n), array_agg(0::bigint))
    FROM (
      SELECT organisation_id, 'installer_requests'::text AS metric, (created_at AT TIME ZONE 'UTC')::date AS day, activity_key AS bucket, -1::bigint AS n FROM old_rows WHERE organisation_id IS NOT NULL AND status <> 'withdrawn'
      UNION ALL
      SELECT organisation_id, 'installer_funnel', (created_at AT TIME ZONE 'UTC')::date, unnest(analytics_funnel_stages(contacted_at, quoted_at, status)), -1 FROM old_rows WHERE organisation_id IS NOT NULL AND status <> 'withdrawn'
    ) x;
  END IF;
  RETURN NULL;
END $$;
