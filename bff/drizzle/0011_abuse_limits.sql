-- Abuse limits (README "Hardening and security"): failed password checks for the lockout, the visitor-profile sweep's
-- index, and visitor profiles counted as activity only once they hold something.
CREATE TABLE "password_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "password_failures_last" ON "password_failures" USING btree ("last_failure_at");--> statement-breakpoint
CREATE INDEX "building_profiles_visitor_updated" ON "building_profiles" USING btree ("updated_at") WHERE visitor_id is not null;--> statement-breakpoint
-- As in 0008, except that a visitor's profile is activity only once it holds answers, prices or consumption: a browser
-- session that saved nothing (a bot, a bounce) is not an active person in the console's analytics.
CREATE OR REPLACE FUNCTION analytics_building_profiles_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_mark_active(array_agg(organisation_id), array_agg(coalesce(visitor_id, analytics_homeowner_actor(homeowner_id))), array_agg((updated_at AT TIME ZONE 'UTC')::date))
    FROM new_rows WHERE organisation_id IS NOT NULL
      AND (homeowner_id IS NOT NULL OR answers <> '{}'::jsonb OR rates IS NOT NULL OR consumption IS NOT NULL);
    PERFORM analytics_count_homeowners(array_agg(organisation_id), array_agg(homeowner_id), array_agg(1))
    FROM new_rows WHERE organisation_id IS NOT NULL AND homeowner_id IS NOT NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM analytics_mark_active(array_agg(n.organisation_id), array_agg(coalesce(n.visitor_id, analytics_homeowner_actor(n.homeowner_id))), array_agg((n.updated_at AT TIME ZONE 'UTC')::date))
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.organisation_id IS NOT NULL
      AND (n.homeowner_id IS NOT NULL OR n.answers <> '{}'::jsonb OR n.rates IS NOT NULL OR n.consumption IS NOT NULL)
      AND (n.updated_at IS DISTINCT FROM o.updated_at OR (o.visitor_id IS NOT NULL AND o.answers = '{}'::jsonb AND o.rates IS NULL AND o.consumption IS NULL));
    PERFORM analytics_count_homeowners(array_agg(x.organisation_id), array_agg(x.homeowner_id), array_agg(x.delta))
    FROM (
      SELECT organisation_id, homeowner_id, 1 AS delta FROM new_rows WHERE organisation_id IS NOT NULL AND homeowner_id IS NOT NULL
      UNION ALL
      SELECT organisation_id, homeowner_id, -1 FROM old_rows WHERE organisation_id IS NOT NULL AND homeowner_id IS NOT NULL
    ) x;
  ELSE
    PERFORM analytics_count_homeowners(array_agg(organisation_id), array_agg(homeowner_id), array_agg(-1))
    FROM old_rows WHERE organisation_id IS NOT NULL AND homeowner_id IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
