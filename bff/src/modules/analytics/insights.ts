// The facts analytics and validation keep about one profile, taken from a computed building (no engine run of its
// own), and their upsert into profile_insights. The database triggers turn every change into summary deltas.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Activity } from '@home-energy/shared/schemas/energy';
import { yearBandOf } from '@home-energy/shared/schemas/analytics';
import type { InformationItem } from '@home-energy/shared/schemas/property-flow';
import type { Db } from '../../db/client';
import { outputsOnly } from '../../db/tracked-db';
import { plausibilityIssues } from '../validation/rules';
import { co2Of } from '../../energy/co2';

/** What computeBuilding gives back, as far as the facts need it. */
export interface ComputedBuilding {
  register: Record<string, unknown>;
  recommendations: Activity[];
  information: InformationItem[];
  labels: { calculatedClass: string | null; calculatedEp: number | null; measuredClass: string | null };
}

export interface ProfileFacts {
  label: string | null;
  calculatedClass: string | null;
  afterClass: string | null;
  buildingType: string | null;
  yearBand: string | null;
  heating: string | null;
  recommended: string[];
  completed: string[];
  energyNow: number | null;
  energyAfter: number | null;
  costNow: number | null;
  costAfter: number | null;
  co2Now: number | null;
  co2After: number | null;
  carriersNow: Record<string, number>;
  carriersAfter: Record<string, number>;
  issues: string[];
  answersHash: string;
}

/** A recommendation the homeowner is shown as something to do: possible, not done, and it saves energy. */
export function isRecommended(activity: Activity): boolean {
  return activity.available && activity.completion_status !== 'completed' && activity.savings.energySavings > 0;
}

/**
 * "After the recommended measures": the engine's best complete package (top_of_the_line) when it is available, else
 * the one measure that saves the most, else nothing changes.
 */
export function recommendedOutcome(recommendations: Activity[]): Activity | null {
  const top = recommendations.find((a) => a.name === 'top_of_the_line' && isRecommended(a));
  if (top) return top;
  const singles = recommendations.filter((a) => a.category !== 'package' && isRecommended(a));
  return singles.sort((a, b) => b.energy_diff - a.energy_diff)[0] ?? null;
}

/** md5 of a JSON value with its object keys sorted, so equal answers give equal hashes. */
export function stableHash(value: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
      );
    return v;
  };
  return crypto
    .createHash('md5')
    .update(JSON.stringify(canonical(value)))
    .digest('hex');
}

const whole = (x: number) => Math.round(x) || 0;

function positiveCarriers(byCarrier: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(byCarrier)
      .filter(([, kwh]) => kwh > 0.5)
      .map(([carrier, kwh]) => [carrier, whole(kwh)]),
  );
}

export function profileFacts(building: ComputedBuilding, answers: Record<string, unknown>): ProfileFacts {
  const merged = { ...building.register, ...answers };
  const issued = building.information.find((i) => i.type === 'epc_label' && i.value.type === 'issued');
  const issuedClass = issued && issued.type === 'epc_label' ? issued.value.energy_class : null;
  const heating = Array.isArray(merged.primary_heating_systems) ? merged.primary_heating_systems[0] : undefined;
  const facts: ProfileFacts = {
    label: building.labels.measuredClass ?? building.labels.calculatedClass ?? issuedClass ?? null,
    calculatedClass: building.labels.calculatedClass,
    afterClass: building.labels.calculatedClass,
    buildingType: typeof merged.building_type === 'string' ? merged.building_type : null,
    yearBand: yearBandOf(typeof merged.construction_year === 'number' ? merged.construction_year : null),
    heating: typeof heating === 'string' ? heating : null,
    recommended: building.recommendations.filter(isRecommended).map((a) => a.name),
    completed: building.recommendations
      .filter((a) => a.category !== 'package' && a.completion_status === 'completed')
      .map((a) => a.name),
    energyNow: null,
    energyAfter: null,
    costNow: null,
    costAfter: null,
    co2Now: null,
    co2After: null,
    carriersNow: {},
    carriersAfter: {},
    issues: plausibilityIssues(merged).map((i) => i.rule),
    answersHash: stableHash(answers),
  };
  const use = building.information.find((i) => i.type === 'energy_use');
  if (use && use.type === 'energy_use') {
    const outcome = recommendedOutcome(building.recommendations);
    const now = use.value.by_carrier as Record<string, number>;
    const after: Record<string, number> = {};
    for (const [carrier, kwh] of Object.entries(now))
      after[carrier] = Math.max(
        0,
        kwh - ((outcome?.energy_diff_per_carrier as Record<string, number> | undefined)?.[carrier] ?? 0),
      );
    facts.carriersNow = positiveCarriers(now);
    facts.carriersAfter = positiveCarriers(after);
    facts.energyNow = whole(Object.values(now).reduce((sum, kwh) => sum + kwh, 0));
    facts.energyAfter = whole(Object.values(after).reduce((sum, kwh) => sum + kwh, 0));
    facts.costNow = whole(use.value.cost_per_year);
    facts.costAfter = whole(use.value.cost_per_year - (outcome?.savings.energyCostSavings ?? 0));
    facts.co2Now = whole(co2Of(now));
    facts.co2After = whole(co2Of(after));
    facts.afterClass = outcome?.epc_label.energy_class ?? building.labels.calculatedClass;
  }
  return facts;
}

/**
 * Writes the profile's facts, with its organisation and first day copied from the profile, in one statement. An
 * unchanged building writes nothing (facts_hash), so reading the results again costs no summary work.
 */
export function saveProfileInsights(db: Db, profileId: number, facts: ProfileFacts): Promise<void> {
  return saveManyProfileInsights(db, [{ profileId, facts }]);
}

/**
 * saveProfileInsights for many profiles (each at most once) in one statement, so the analytics triggers run once for
 * all of them: how a bulk load (seed/demo-journeys.ts) writes what the flow writes one home at a time.
 */
export async function saveManyProfileInsights(
  db: Db,
  entries: { profileId: number; facts: ProfileFacts }[],
): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map(({ profileId, facts: f }) => {
    const { answersHash, ...rest } = f;
    return {
      profile_id: profileId,
      label: f.label,
      calculated_class: f.calculatedClass,
      after_class: f.afterClass,
      building_type: f.buildingType,
      year_band: f.yearBand,
      heating: f.heating,
      recommended: f.recommended,
      completed: f.completed,
      energy_now: f.energyNow,
      energy_after: f.energyAfter,
      cost_now: f.costNow,
      cost_after: f.costAfter,
      co2_now: f.co2Now,
      co2_after: f.co2After,
      carriers_now: f.carriersNow,
      carriers_after: f.carriersAfter,
      issues: f.issues,
      answers_hash: answersHash,
      facts_hash: stableHash(rest),
    };
  });
  const array = (column: string) => sql.raw(`array(select jsonb_array_elements_text(v.${column}))`);
  // No read cache reads these facts (db/tracked-db.ts).
  await outputsOnly(db).execute(sql`
    insert into profile_insights as t (profile_id, organisation_id, property_id, day, label, calculated_class,
    after_class, building_type,
      year_band, heating, recommended, completed, energy_now, energy_after, cost_now, cost_after, co2_now, co2_after,
      carriers_now,
      carriers_after, issues, answers_hash, facts_hash, computed_at)
    select bp.id, bp.organisation_id, bp.property_id, (bp.created_at at time zone 'UTC')::date, v.label,
    v.calculated_class,
      v.after_class, v.building_type, v.year_band, v.heating, ${array('recommended')}, ${array('completed')},
      v.energy_now, v.energy_after, v.cost_now, v.cost_after, v.co2_now, v.co2_after, v.carriers_now, v.carriers_after,
      ${array('issues')},
      v.answers_hash, v.facts_hash, now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(profile_id integer, label text, calculated_class text,
    after_class text,
      building_type text, year_band text, heating text, recommended jsonb, completed jsonb, energy_now integer,
      energy_after integer,
      cost_now integer, cost_after integer, co2_now integer, co2_after integer, carriers_now jsonb,
      carriers_after jsonb, issues jsonb,
      answers_hash text, facts_hash text)
    join building_profiles bp on bp.id = v.profile_id
      -- Unchanged facts: no row, so no row lock and no commit to flush (the WHERE below only skips the update).
    where not exists (select 1 from profile_insights u where u.profile_id = v.profile_id and u.facts_hash = v.facts_hash
    and u.answers_hash = v.answers_hash)
    on conflict (profile_id) do update set
      organisation_id = excluded.organisation_id, label = excluded.label, calculated_class = excluded.calculated_class,
      after_class = excluded.after_class, building_type = excluded.building_type, year_band = excluded.year_band,
      heating = excluded.heating,
      recommended = excluded.recommended, completed = excluded.completed, energy_now = excluded.energy_now,
      energy_after = excluded.energy_after,
      cost_now = excluded.cost_now, cost_after = excluded.cost_after, co2_now = excluded.co2_now,
      co2_after = excluded.co2_after,
      carriers_now = excluded.carriers_now, carriers_after = excluded.carriers_after, issues = excluded.issues,
      answers_hash = excluded.answers_hash, facts_hash = excluded.facts_hash, computed_at = excluded.computed_at
    where t.facts_hash is distinct from excluded.facts_hash or t.answers_hash is distinct from excluded.answers_hash`);
}
