// How one recommendation is judged and where it goes in the list (engine README "Ranking"): one definition for API and
// clients.
import type { Activity } from './types';

export interface Worth {
  payback_years: number | null;
  pays_back: boolean;
  lifetime_value: number;
}

/**
 * Cash payback = investment / yearly kr; it pays back when that is within the life span; lifetime value = yearly kr ×
 * life span − investment.
 */
export function worthOf(investment: number, yearlyKr: number, lifeSpan: number): Worth {
  const saves = yearlyKr > 0;
  return {
    payback_years: saves ? Math.round((investment / yearlyKr) * 10) / 10 : null,
    pays_back: saves && investment <= yearlyKr * lifeSpan,
    lifetime_value: Math.round(yearlyKr * lifeSpan - investment) || 0,
  };
}

/**
 * Yearly kronor saved, highest first; then less bought energy; then the type name (code-unit order, not the locale's),
 * so the order never varies.
 */
export function byYearlySavings(a: Activity, b: Activity): number {
  return (
    b.savings.energyCostSavings - a.savings.energyCostSavings ||
    b.kwh_saved_bought - a.kwh_saved_bought ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
  );
}
