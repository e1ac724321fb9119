import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * The demo journeys and demo homeowners in the database (the seed skips when there are; a production start refuses).
 */
export async function demoDataLeft(db: Db): Promise<{ journeys: number; homeowners: number }> {
  const result = await db.execute<{ journeys: number; homeowners: number }>(
    sql`select (select count(*) from building_profiles where demo)::int as journeys, (select count(*) from homeowners
      where demo)::int as homeowners`,
  );
  return { journeys: Number(result.rows[0]?.journeys ?? 0), homeowners: Number(result.rows[0]?.homeowners ?? 0) };
}

export interface DemoJourneysRemoved {
  journeys: number;
  homeowners: number;
  installerRequests: number;
  interactions: number;
}

/**
 * `demo remove`: deletes the demo journeys (profiles marked demo), the demo homeowners with their homes, plans and
 * installer requests, their interactions, and what they added to the analytics summary; nothing else. Profiles, facts
 * and requests take their counts out through the analytics triggers (migration 0008) as any delete does. Activity and
 * interactions are never undone by the triggers (analytics README), so their counts are taken back here: each demo
 * actor's periods are deleted and their first sightings subtracted, and the demo interactions' counts subtracted.
 */
export async function removeDemoJourneys(db: Db): Promise<DemoJourneysRemoved> {
  return db.transaction(async (tx) => {
    const count = async (query: ReturnType<typeof sql>) =>
      Number(((await tx.execute(query)).rows[0] as { n: number | string } | undefined)?.n ?? 0);
    await tx.execute(sql`
      create temporary table demo_actors on commit drop as
      select distinct visitor_id as actor from building_profiles where demo and visitor_id is not null
      union select analytics_homeowner_actor(id) from homeowners where demo`);
    await tx.execute(
      sql`create temporary table demo_organisations on commit drop as select distinct organisation_id
        from building_profiles where demo`,
    );
    await tx.execute(sql`
      with gone as (
        delete from analytics_actor_periods p using demo_actors d where p.actor = d.actor
        returning p.organisation_id, p.grain, p.period
      )
      select analytics_add(array_agg(organisation_id), array_agg('active_' || grain), array_agg(period),
      array_agg(''::text), array_agg(-1::bigint), array_agg(0::bigint))
      from gone`);
    const interactions = await count(sql`
      with gone as (
        delete from interactions i
        where i.visitor_id in (select visitor_id from building_profiles where demo and visitor_id is not null)
           or i.homeowner_id in (select id from homeowners where demo)
        returning i.organisation_id, i.action, i.created_at
      ), counted as (
        select analytics_add(array_agg(organisation_id), array_agg('interactions'::text),
        array_agg((created_at at time zone 'UTC')::date), array_agg(action), array_agg(-1::bigint),
        array_agg(0::bigint))
        from gone
      )
      select (select count(*) from gone)::int as n from counted`);
    const installerRequests = await count(sql`
      with gone as (delete from installer_requests where homeowner_id in (select id from homeowners where demo)
      returning 1)
      select count(*)::int as n from gone`);
    await tx.execute(
      sql`delete from profile_insights where profile_id in (select id from building_profiles where demo)`,
    );
    const journeys = await count(
      sql`with gone as (delete from building_profiles where demo returning 1) select count(*)::int as n from gone`,
    );
    await tx.execute(
      sql`delete from analytics_organisation_homeowners where homeowner_id in (select id from homeowners where demo)`,
    );
    const homeowners = await count(
      sql`with gone as (delete from homeowners where demo returning 1) select count(*)::int as n from gone`,
    );
    // Summary rows of the demo's organisations that are zero now go, so their periods start as if there had been no
    // demo.
    await tx.execute(
      sql`delete from analytics_daily where n = 0 and total = 0 and organisation_id in (select organisation_id
        from demo_organisations)`,
    );
    return { journeys, homeowners, installerRequests, interactions };
  });
}
