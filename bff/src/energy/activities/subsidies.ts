// ROT and grön teknik on an investment's cost items (docs/energy.md §3.2); caps per person and year.
import { ENERGY_CONSTANTS } from '../constants';
import type { CostItem, Subsidy } from './types';

const K = ENERGY_CONSTANTS;

export function midCost(item: Pick<CostItem, 'low' | 'high'>): number {
  return (item.low + item.high) / 2;
}

/** ROT: rate × labour part; grön teknik: rate × eligible share of labour + material. The same work never gets both. */
export function subsidiesFor(items: readonly CostItem[]): Subsidy[] {
  let rot = 0;
  let green = 0;
  for (const item of items) {
    if (item.subsidy.kind === 'rot') rot += midCost(item) * item.subsidy.labourShare * K.rotRate.value;
    if (item.subsidy.kind === 'green_technology')
      green += midCost(item) * item.subsidy.rate * K.greenTechEligibleShare.value;
  }
  const claimants = K.subsidyClaimants.value;
  const out: Subsidy[] = [];
  if (rot > 0) out.push({ type: 'rot', amount: Math.round(Math.min(rot, K.rotCapPerPerson.value * claimants)) });
  if (green > 0)
    out.push({
      type: 'green_technology',
      amount: Math.round(Math.min(green, K.greenTechCapPerPerson.value * claimants)),
    });
  return out;
}

/** Life span of several items: weighted by cost (a free measure counts with weight 1). */
export function combinedLifeSpan(items: readonly CostItem[]): number {
  let total = 0;
  let weighted = 0;
  for (const item of items) {
    const weight = midCost(item) || 1;
    total += weight;
    weighted += item.lifeSpan * weight;
  }
  return weighted / total;
}
