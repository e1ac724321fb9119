-- Analytics pre-aggregation (bff/src/modules/analytics/README.md): statement-level AFTER triggers with transition
-- tables keep analytics_daily, analytics_actor_periods and analytics_organisation_homeowners in step with every write
-- to the tables the console analyses, in the writer's own transaction. One trigger call per statement, whatever the
-- number of rows, so bulk loads stay set-based. Counts are deltas (+ for new rows, − for old ones), so an update or a
-- delete corrects the summary instead of leaving it stale.

-- Adds grouped deltas to analytics_daily (rows in key order so concurrent writers lock them in the same order).
CREATE FUNCTION analytics_add(p_org integer[], p_metric text[], p_day date[], p_bucket text[], p_n bigint[], p_total bigint[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO analytics_daily AS t (organisation_id, metric, day, bucket, n, total)
  SELECT o, m, d, b, sum(n), sum(tt)
  FROM unnest(p_org, p_metric, p_day, p_bucket, p_n, p_total) AS u(o, m, d, b, n, tt)
  WHERE o IS NOT NULL AND d IS NOT NULL
  GROUP BY o, m, d, b
  HAVING sum(n) <> 0 OR sum(tt) <> 0
  ORDER BY o, m, d, b
  ON CONFLICT (organisation_id, metric, day, bucket) DO UPDATE SET n = t.n + excluded.n, total = t.total + excluded.total
$$;
--> statement-breakpoint
-- A homeowner as an actor id beside visitors' uuids.
CREATE FUNCTION analytics_homeowner_actor(p_homeowner integer) RETURNS uuid
LANGUAGE sql IMMUTABLE AS $$ SELECT md5('homeowner:' || p_homeowner)::uuid $$;
--> statement-breakpoint
-- Records who was active on which day; the first time an actor is seen in a day, ISO week or month, that period's
-- active-user count (metric active_day / active_week / active_month) goes up by one. Activity is never undone.
CREATE FUNCTION analytics_mark_active(p_org integer[], p_actor uuid[], p_day date[]) RETURNS void
LANGUAGE sql AS $$
  WITH acts AS (
    SELECT DISTINCT o, a, d FROM unnest(p_org, p_actor, p_day) AS u(o, a, d) WHERE o IS NOT NULL AND a IS NOT NULL AND d IS NOT NULL
  ), periods AS (
    SELECT DISTINCT acts.o, g.grain, g.period, acts.a
    FROM acts CROSS JOIN LATERAL (VALUES ('day', acts.d), ('week', date_trunc('week', acts.d)::date), ('month', date_trunc('month', acts.d)::date)) AS g(grain, period)
  ), added AS (
    INSERT INTO analytics_actor_periods (organisation_id, grain, period, actor)
    SELECT o, grain, period, a FROM periods ORDER BY o, grain, period, a
    ON CONFLICT DO NOTHING
    RETURNING organisation_id, grain, period
  )
  INSERT INTO analytics_daily AS t (organisation_id, metric, day, bucket, n, total)
  SELECT organisation_id, 'active_' || grain, period, '', count(*), 0 FROM added
  GROUP BY organisation_id, grain, period
  ORDER BY organisation_id, 'active_' || grain, period
  ON CONFLICT (organisation_id, metric, day, bucket) DO UPDATE SET n = t.n + excluded.n
$$;
--> statement-breakpoint
-- How many profiles each homeowner has with each organisation; a pair appearing (0 → 1+) is a sign-up of that
-- organisation on the day the homeowner's account was made, a pair disappearing takes it back.
CREATE FUNCTION analytics_count_homeowners(p_org integer[], p_homeowner integer[], p_delta integer[]) RETURNS void
LANGUAGE sql AS $$
  WITH d AS (
    SELECT o, h, sum(x)::integer AS x FROM unnest(p_org, p_homeowner, p_delta) AS u(o, h, x)
    WHERE o IS NOT NULL AND h IS NOT NULL GROUP BY o, h HAVING sum(x) <> 0
  ), up AS (
    INSERT INTO analytics_organisation_homeowners AS t (organisation_id, homeowner_id, profiles, signup_day)
    SELECT d.o, d.h, d.x, coalesce((ho.created_at AT TIME ZONE 'UTC')::date, (now() AT TIME ZONE 'UTC')::date)
    FROM d LEFT JOIN homeowners ho ON ho.id = d.h
    ORDER BY d.o, d.h
    ON CONFLICT (organisation_id, homeowner_id) DO UPDATE SET profiles = t.profiles + excluded.profiles
    RETURNING t.organisation_id, t.homeowner_id, t.profiles, t.signup_day
  ), changed AS (
    SELECT up.organisation_id, up.signup_day,
      CASE WHEN up.profiles > 0 AND up.profiles - d.x <= 0 THEN 1 WHEN up.profiles <= 0 AND up.profiles - d.x > 0 THEN -1 ELSE 0 END AS sign
    FROM up JOIN d ON d.o = up.organisation_id AND d.h = up.homeowner_id
  )
  INSERT INTO analytics_daily AS t (organisation_id, metric, day, bucket, n, total)
  SELECT organisation_id, 'signups', signup_day, '', sum(sign), 0 FROM changed WHERE sign <> 0
  GROUP BY organisation_id, signup_day
  ORDER BY organisation_id, signup_day
  ON CONFLICT (organisation_id, metric, day, bucket) DO UPDATE SET n = t.n + excluded.n
$$;
--> statement-breakpoint
-- The counts one profile's facts contribute: (metric, bucket, n, total).
CREATE FUNCTION analytics_insight_facts(r profile_insights) RETURNS TABLE(metric text, bucket text, n bigint, total bigint)
LANGUAGE sql IMMUTABLE AS $$
  SELECT 'label'::text, coalesce(r.label, 'unknown'), 1::bigint, 0::bigint
  UNION ALL SELECT 'building_type', coalesce(r.building_type, 'unknown'), 1, 0
  UNION ALL SELECT 'year_band', coalesce(r.year_band, 'unknown'), 1, 0
  UNION ALL SELECT 'heating', coalesce(r.heating, 'unknown'), 1, 0
  UNION ALL SELECT 'transition', coalesce(r.calculated_class, 'unknown') || '>' || coalesce(r.after_class, r.calculated_class, 'unknown'), 1, 0
  UNION ALL SELECT 'recommended', a, 1, 0 FROM unnest(r.recommended) AS a
  UNION ALL SELECT 'completed', a, 1, 0 FROM unnest(r.completed) AS a
  UNION ALL SELECT 'portfolio', v.bucket, v.n, v.total
    FROM (VALUES ('homes', 1::bigint, 0::bigint), ('energy_now', 0, r.energy_now), ('energy_after', 0, r.energy_after), ('cost_now', 0, r.cost_now),
                 ('cost_after', 0, r.cost_after), ('co2_now', 0, r.co2_now), ('co2_after', 0, r.co2_after)) AS v(bucket, n, total)
    WHERE r.energy_now IS NOT NULL
  UNION ALL SELECT 'carrier_now', c.key, 1, c.value::bigint FROM jsonb_each_text(r.carriers_now) AS c
  UNION ALL SELECT 'carrier_after', c.key, 1, c.value::bigint FROM jsonb_each_text(r.carriers_after) AS c
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_profile_insights_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_add(array_agg(r.organisation_id), array_agg(f.metric), array_agg(r.day), array_agg(f.bucket), array_agg(f.n), array_agg(f.total))
    FROM new_rows r CROSS JOIN LATERAL analytics_insight_facts(r) f WHERE r.organisation_id IS NOT NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM analytics_add(array_agg(x.organisation_id), array_agg(x.metric), array_agg(x.day), array_agg(x.bucket), array_agg(x.n), array_agg(x.total))
    FROM (
      SELECT r.organisation_id, f.metric, r.day, f.bucket, f.n, f.total FROM new_rows r CROSS JOIN LATERAL analytics_insight_facts(r) f WHERE r.organisation_id IS NOT NULL
      UNION ALL
      SELECT r.organisation_id, f.metric, r.day, f.bucket, -f.n, -f.total FROM old_rows r CROSS JOIN LATERAL analytics_insight_facts(r) f WHERE r.organisation_id IS NOT NULL
    ) x;
  ELSE
    PERFORM analytics_add(array_agg(r.organisation_id), array_agg(f.metric), array_agg(r.day), array_agg(f.bucket), array_agg(-f.n), array_agg(-f.total))
    FROM old_rows r CROSS JOIN LATERAL analytics_insight_facts(r) f WHERE r.organisation_id IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_profile_insights_insert AFTER INSERT ON profile_insights REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_profile_insights_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_profile_insights_update AFTER UPDATE ON profile_insights REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_profile_insights_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_profile_insights_delete AFTER DELETE ON profile_insights REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_profile_insights_changed();
--> statement-breakpoint
-- Installer requests per activity type, on the day they were sent (a withdrawn request is deleted: −1).
CREATE FUNCTION analytics_installer_requests_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_add(array_agg(organisation_id), array_agg('installer_requests'::text), array_agg((created_at AT TIME ZONE 'UTC')::date), array_agg(activity_key), array_agg(1::bigint), array_agg(0::bigint))
    FROM new_rows WHERE organisation_id IS NOT NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM analytics_add(array_agg(x.organisation_id), array_agg('installer_requests'::text), array_agg(x.day), array_agg(x.activity_key), array_agg(x.n), array_agg(0::bigint))
    FROM (
      SELECT organisation_id, (created_at AT TIME ZONE 'UTC')::date AS day, activity_key, 1::bigint AS n FROM new_rows WHERE organisation_id IS NOT NULL
      UNION ALL
      SELECT organisation_id, (created_at AT TIME ZONE 'UTC')::date, activity_key, -1 FROM old_rows WHERE organisation_id IS NOT NULL
    ) x;
  ELSE
    PERFORM analytics_add(array_agg(organisation_id), array_agg('installer_requests'::text), array_agg((created_at AT TIME ZONE 'UTC')::date), array_agg(activity_key), array_agg(-1::bigint), array_agg(0::bigint))
    FROM old_rows WHERE organisation_id IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_installer_requests_insert AFTER INSERT ON installer_requests REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_installer_requests_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_installer_requests_update AFTER UPDATE ON installer_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_installer_requests_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_installer_requests_delete AFTER DELETE ON installer_requests REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_installer_requests_changed();
--> statement-breakpoint
-- The interaction log is append-only: each row counts once under its action, and its actor was active that day.
CREATE FUNCTION analytics_interactions_added() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_add(array_agg(organisation_id), array_agg('interactions'::text), array_agg((created_at AT TIME ZONE 'UTC')::date), array_agg(action), array_agg(1::bigint), array_agg(0::bigint))
  FROM new_rows WHERE organisation_id IS NOT NULL;
  PERFORM analytics_mark_active(array_agg(organisation_id), array_agg(coalesce(visitor_id, analytics_homeowner_actor(homeowner_id))), array_agg((created_at AT TIME ZONE 'UTC')::date))
  FROM new_rows WHERE organisation_id IS NOT NULL AND (visitor_id IS NOT NULL OR homeowner_id IS NOT NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_interactions_insert AFTER INSERT ON interactions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_interactions_added();
--> statement-breakpoint
-- Profiles: saving answers, prices or consumption is activity of the owner that day; homeowner profiles count the
-- organisation's sign-ups (analytics_count_homeowners).
CREATE FUNCTION analytics_building_profiles_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_mark_active(array_agg(organisation_id), array_agg(coalesce(visitor_id, analytics_homeowner_actor(homeowner_id))), array_agg((updated_at AT TIME ZONE 'UTC')::date))
    FROM new_rows WHERE organisation_id IS NOT NULL;
    PERFORM analytics_count_homeowners(array_agg(organisation_id), array_agg(homeowner_id), array_agg(1))
    FROM new_rows WHERE organisation_id IS NOT NULL AND homeowner_id IS NOT NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM analytics_mark_active(array_agg(n.organisation_id), array_agg(coalesce(n.visitor_id, analytics_homeowner_actor(n.homeowner_id))), array_agg((n.updated_at AT TIME ZONE 'UTC')::date))
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.organisation_id IS NOT NULL AND n.updated_at IS DISTINCT FROM o.updated_at;
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
--> statement-breakpoint
CREATE TRIGGER analytics_building_profiles_insert AFTER INSERT ON building_profiles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_building_profiles_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_building_profiles_update AFTER UPDATE ON building_profiles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_building_profiles_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_building_profiles_delete AFTER DELETE ON building_profiles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_building_profiles_changed();
--> statement-breakpoint
-- A homeowner signing in is active that day in every organisation they have a home with.
CREATE FUNCTION analytics_homeowners_signed_in() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_mark_active(array_agg(p.organisation_id), array_agg(analytics_homeowner_actor(n.id)), array_agg((n.last_sign_in_at AT TIME ZONE 'UTC')::date))
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  JOIN analytics_organisation_homeowners p ON p.homeowner_id = n.id AND p.profiles > 0
  WHERE n.last_sign_in_at IS NOT NULL AND n.last_sign_in_at IS DISTINCT FROM o.last_sign_in_at;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_homeowners_update AFTER UPDATE ON homeowners REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_homeowners_signed_in();
--> statement-breakpoint
-- Sign-ins look up a homeowner's organisations.
CREATE INDEX analytics_organisation_homeowners_homeowner ON analytics_organisation_homeowners (homeowner_id);
--> statement-breakpoint
-- What is already in the database counts from the start: sign-ups, activity, interactions and installer requests.
-- (Profiles computed before this migration get their facts, and count in the home analytics, when next computed.)
SELECT analytics_count_homeowners(array_agg(organisation_id), array_agg(homeowner_id), array_agg(1))
FROM building_profiles WHERE organisation_id IS NOT NULL AND homeowner_id IS NOT NULL;
--> statement-breakpoint
SELECT analytics_mark_active(array_agg(organisation_id), array_agg(coalesce(visitor_id, analytics_homeowner_actor(homeowner_id))), array_agg((updated_at AT TIME ZONE 'UTC')::date))
FROM building_profiles WHERE organisation_id IS NOT NULL;
--> statement-breakpoint
SELECT analytics_mark_active(array_agg(organisation_id), array_agg(coalesce(visitor_id, analytics_homeowner_actor(homeowner_id))), array_agg((created_at AT TIME ZONE 'UTC')::date))
FROM interactions WHERE organisation_id IS NOT NULL AND (visitor_id IS NOT NULL OR homeowner_id IS NOT NULL);
--> statement-breakpoint
SELECT analytics_add(array_agg(organisation_id), array_agg('interactions'::text), array_agg((created_at AT TIME ZONE 'UTC')::date), array_agg(action), array_agg(1::bigint), array_agg(0::bigint))
FROM interactions WHERE organisation_id IS NOT NULL;
--> statement-breakpoint
SELECT analytics_add(array_agg(organisation_id), array_agg('installer_requests'::text), array_agg((created_at AT TIME ZONE 'UTC')::date), array_agg(activity_key), array_agg(1::bigint), array_agg(0::bigint))
FROM installer_requests WHERE organisation_id IS NOT NULL;
