// Small helpers shared by the measure modules.
import { copyInput, type BuildingInput } from '../../answers';
import { ENERGY_CONSTANTS, type CostRange } from '../../constants';
import type { CostItem, SubsidyRule } from '../types';

const K = ENERGY_CONSTANTS;

export function costItem(range: CostRange, quantity: number, subsidy: SubsidyRule, lifeSpan: number): CostItem {
  return { low: range.low * quantity, high: range.high * quantity, subsidy, lifeSpan };
}

export function rot(labourShare: number): SubsidyRule {
  return { kind: 'rot', labourShare };
}

export function withInput(input: BuildingInput, change: Partial<BuildingInput>): BuildingInput {
  return copyInput(input, change);
}

export const NO_SUBSIDY: SubsidyRule = { kind: 'none' };
export const FREE: CostRange = { low: 0, high: 0 };
export const LIFE = K.lifeSpan.value;
