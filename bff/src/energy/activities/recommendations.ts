// recommendationsFor(building): every implemented activity evaluated for one property (available or not, with reasons).
import type { Building } from '../building-model';
import { defaultPrices, type Prices } from '../prices';
import { MEASURES } from './registry';
import { contextFor, evaluate } from './runner';
import type { Activity } from './types';

export interface RecommendationOptions {
  /** The property's rates (see prices.pricesFromRates); default: the price area's defaults. */
  prices?: Prices;
}

export function recommendationsFor(building: Building, options: RecommendationOptions = {}): Activity[] {
  const ctx = contextFor(building, options.prices ?? defaultPrices(building.location.priceArea));
  return MEASURES.map((measure) => evaluate(measure, ctx));
}
