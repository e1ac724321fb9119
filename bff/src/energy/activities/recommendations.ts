// recommendationsFor(building): every activity type evaluated for one property (available or not, with reasons), best
// yearly saving first.
import type { Building } from '../building-model';
import { defaultPrices, type Prices } from '../prices';
import { MEASURES } from './registry';
import { byYearlySavings } from './ranking';
import { contextFor, evaluate } from './runner';
import type { Activity } from './types';

export interface RecommendationOptions {
  /** The property's rates (see prices.pricesFromRates); default: the price area's defaults. */
  prices?: Prices;
  /** Memoise model runs within this call (default true). false: run the model for every question (tests compare). */
  memo?: boolean;
}

export function recommendationsFor(building: Building, options: RecommendationOptions = {}): Activity[] {
  const ctx = contextFor(building, options.prices ?? defaultPrices(building.location.priceArea), {
    memo: options.memo,
  });
  // Evaluated in the registry's order (measures reuse each other's memoised runs), returned by yearly kronor saved.
  return MEASURES.map((measure) => evaluate(measure, ctx)).sort(byYearlySavings);
}
