ALTER TABLE "installer_requests" ADD COLUMN "installer_organisation_id" integer;--> statement-breakpoint
ALTER TABLE "installer_requests" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "installer_requests" ADD COLUMN "contact_mobile" text;--> statement-breakpoint
ALTER TABLE "installer_requests" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "installer_requests" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "installer_requests" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "installer_requests" ADD COLUMN "contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "installer_requests" ADD COLUMN "quoted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "installer_requests" ADD CONSTRAINT "installer_requests_installer_organisation_id_organisations_id_fk" FOREIGN KEY ("installer_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "installer_requests_installer_organisation" ON "installer_requests" USING btree ("installer_organisation_id","created_at");--> statement-breakpoint
ALTER TABLE "installer_requests" ADD CONSTRAINT "installer_requests_status" CHECK ("status" IN ('new', 'contacted', 'quoted', 'won', 'lost', 'declined'));--> statement-breakpoint
ALTER TABLE "installer_requests" ADD CONSTRAINT "installer_requests_note_length" CHECK (char_length("note") <= 1000);--> statement-breakpoint
-- Requests sent before this migration: addressed to the installer organisation whose slug is the identifier, with the
-- contact details the homeowner had given then (README "Organisation console").
UPDATE "installer_requests" r SET "installer_organisation_id" = o."id" FROM "organisations" o WHERE o."is_installer" AND o."slug" = lower(r."installer_identifier");--> statement-breakpoint
UPDATE "installer_requests" r SET "contact_email" = h."contact_email", "contact_mobile" = h."contact_mobile" FROM "homeowners" h WHERE h."id" = r."homeowner_id";--> statement-breakpoint
-- The stages a request has reached (bff/src/modules/analytics/README.md, installer funnel): requested always, contacted
-- and quoted once passed, won when won. Lost and declined keep the stages reached before.
CREATE FUNCTION analytics_funnel_stages(p_contacted timestamptz, p_quoted timestamptz, p_status text) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT array_remove(ARRAY['requested', CASE WHEN p_contacted IS NOT NULL THEN 'contacted' END, CASE WHEN p_quoted IS NOT NULL THEN 'quoted' END, CASE WHEN p_status = 'won' THEN 'won' END], NULL)
$$;
--> statement-breakpoint
-- Installer requests per activity type and the brand's funnel (stage reached), both on the day the request was sent.
CREATE OR REPLACE FUNCTION analytics_installer_requests_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_add(array_agg(x.organisation_id), array_agg(x.metric), array_agg(x.day), array_agg(x.bucket), array_agg(x.n), array_agg(0::bigint))
    FROM (
      SELECT organisation_id, 'installer_requests'::text AS metric, (created_at AT TIME ZONE 'UTC')::date AS day, activity_key AS bucket, 1::bigint AS n FROM new_rows WHERE organisation_id IS NOT NULL
      UNION ALL
      SELECT organisation_id, 'installer_funnel', (created_at AT TIME ZONE 'UTC')::date, unnest(analytics_funnel_stages(contacted_at, quoted_at, status)), 1 FROM new_rows WHERE organisation_id IS NOT NULL
    ) x;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM analytics_add(array_agg(x.organisation_id), array_agg(x.metric), array_agg(x.day), array_agg(x.bucket), array_agg(x.n), array_agg(0::bigint))
    FROM (
      SELECT organisation_id, 'installer_requests'::text AS metric, (created_at AT TIME ZONE 'UTC')::date AS day, activity_key AS bucket, 1::bigint AS n FROM new_rows WHERE organisation_id IS NOT NULL
      UNION ALL
      SELECT organisation_id, 'installer_requests', (created_at AT TIME ZONE 'UTC')::date, activity_key, -1 FROM old_rows WHERE organisation_id IS NOT NULL
      UNION ALL
      SELECT organisation_id, 'installer_funnel', (created_at AT TIME ZONE 'UTC')::date, unnest(analytics_funnel_stages(contacted_at, quoted_at, status)), 1 FROM new_rows WHERE organisation_id IS NOT NULL
      UNION ALL
      SELECT organisation_id, 'installer_funnel', (created_at AT TIME ZONE 'UTC')::date, unnest(analytics_funnel_stages(contacted_at, quoted_at, status)), -1 FROM old_rows WHERE organisation_id IS NOT NULL
    ) x;
  ELSE
    PERFORM analytics_add(array_agg(x.organisation_id), array_agg(x.metric), array_agg(x.day), array_agg(x.bucket), array_agg(x.n), array_agg(0::bigint))
    FROM (
      SELECT organisation_id, 'installer_requests'::text AS metric, (created_at AT TIME ZONE 'UTC')::date AS day, activity_key AS bucket, -1::bigint AS n FROM old_rows WHERE organisation_id IS NOT NULL
      UNION ALL
      SELECT organisation_id, 'installer_funnel', (created_at AT TIME ZONE 'UTC')::date, unnest(analytics_funnel_stages(contacted_at, quoted_at, status)), -1 FROM old_rows WHERE organisation_id IS NOT NULL
    ) x;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Requests already in the database count in the funnel from the start (all of them at "requested").
SELECT analytics_add(array_agg(organisation_id), array_agg('installer_funnel'::text), array_agg((created_at AT TIME ZONE 'UTC')::date), array_agg('requested'::text), array_agg(1::bigint), array_agg(0::bigint))
FROM installer_requests WHERE organisation_id IS NOT NULL;
