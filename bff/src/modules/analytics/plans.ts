// Saved renovation plans for the transition page (README "Plans"): each plan's figures are kept with the plan when the
// homeowner saves it, and read here per organisation and period (partial index building_profiles_plan_saved).
import { sql } from 'drizzle-orm';
import {
  UNKNOWN_BUCKET,
  type CountRow,
  type PlanAnalytics,
  type ResolvedPeriod,
} from '@home-energy/shared/schemas/analytics';
import type { PlanResult } from '@home-energy/shared/schemas/plan';
import type { Db } from '../../db/client';

/** What the console counts of one saved plan, as computed when it was saved. */
export interface PlanFigures {
  /** UTC day the plan was saved: the day it is filed under in the period filter. */
  saved_on: string;
  label_before: string | null;
  label_after: string | null;
  investment_cost: number;
  subsidies: number;
  energy_cost_savings: number;
  kwh_saved_bought: number;
}

export function planFiguresOf(plan: PlanResult, now: number): PlanFigures {
  return {
    saved_on: new Date(now).toISOString().slice(0, 10),
    label_before: plan.label_before.energy_class,
    label_after: plan.epc_label.energy_class,
    investment_cost: plan.investment_cost,
    subsidies: plan.subsidies.reduce((total, s) => total + s.amount, 0),
    energy_cost_savings: plan.energy_cost_savings,
    kwh_saved_bought: plan.kwh_saved_bought,
  };
}

/** Moves as the transition rows are, with the label sides tallied in class order by the caller. */
export interface PlanRows {
  moves: { from: string; to: string; count: number }[];
  figures: Omit<PlanAnalytics, 'now' | 'after' | 'moves' | 'measures'>;
  measures: CountRow[];
}

/** The organisation's plans saved in the period: label moves, money sums and the measures most planned. */
export async function planRows(db: Db, organisationId: number, period: ResolvedPeriod): Promise<PlanRows> {
  const scope = sql`organisation_id = ${organisationId} and plan is not null
    and jsonb_array_length(plan->'measures') > 0
    and plan->'figures'->>'saved_on' between ${period.from} and ${period.to}`;
  const [moves, measures] = await Promise.all([
    db.execute<{
      from: string | null;
      to: string | null;
      n: string;
      investment: string;
      subsidies: string;
      kr: string;
      kwh: string;
    }>(sql`
      select plan->'figures'->>'label_before' as "from", plan->'figures'->>'label_after' as "to", count(*)::bigint as n,
        sum((plan->'figures'->>'investment_cost')::bigint)::bigint as investment,
        sum((plan->'figures'->>'subsidies')::bigint)::bigint as subsidies,
        sum((plan->'figures'->>'energy_cost_savings')::bigint)::bigint as kr,
        sum((plan->'figures'->>'kwh_saved_bought')::bigint)::bigint as kwh
      from building_profiles where ${scope} group by 1, 2`),
    db.execute<{ measure: string; n: string }>(sql`
      select m.measure, count(*)::bigint as n from building_profiles, jsonb_array_elements_text(plan->'measures') as
      m(measure)
      where ${scope} group by 1`),
  ]);
  const total = (key: 'n' | 'investment' | 'subsidies' | 'kr' | 'kwh') =>
    moves.rows.reduce((t, r) => t + Number(r[key] ?? 0), 0);
  return {
    moves: moves.rows
      .map((r) => ({ from: r.from ?? UNKNOWN_BUCKET, to: r.to ?? UNKNOWN_BUCKET, count: Number(r.n) }))
      .sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to)),
    figures: {
      homes: total('n'),
      investmentKr: total('investment'),
      subsidiesKr: total('subsidies'),
      savingsKrPerYear: total('kr'),
      savingsKwhPerYear: total('kwh'),
    },
    measures: measures.rows
      .map((r) => ({ key: r.measure, count: Number(r.n) }))
      .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key)),
  };
}
