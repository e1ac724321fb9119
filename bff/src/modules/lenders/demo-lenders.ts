// DEMO DATA: two made-up lenders and their green mortgage discounts (percentage points off the mortgage rate per energy
// class after the measure). They show how the dashboard presents a discount; they are not offers from any real bank.
import { ENERGY_CLASSES, type EnergyClass } from '@home-energy/shared/schemas/energy';
import type { DiscountRequest, DiscountResponse, Lender } from '@home-energy/shared/schemas/lenders';

interface DemoLender {
  name: string;
  /** Percentage points off per energy class after the measure; classes not listed get none. */
  byClass: Partial<Record<EnergyClass, number>>;
  /** Given instead when the measure lifts the home at least two classes (and the class alone gives less). */
  stepUp?: { classes: number; discount: number };
  /** Smaller mortgages get no discount. */
  minimumMortgage: number;
}

export const DEMO_LENDERS: Readonly<Record<Lender, DemoLender>> = {
  'demo-bank': { name: 'Demo Bank (demo)', byClass: { A: 0.3, B: 0.2, C: 0.1 }, minimumMortgage: 0 },
  'demo-bolan': {
    name: 'Demo Bolån (demo)',
    byClass: { A: 0.4, B: 0.25 },
    stepUp: { classes: 2, discount: 0.1 },
    minimumMortgage: 100_000,
  },
};

const classIndex = (energyClass: EnergyClass) => ENERGY_CLASSES.indexOf(energyClass);

/** The demo lender's answer for one home and mortgage. */
export function demoDiscount(lender: Lender, request: DiscountRequest): DiscountResponse {
  const terms = DEMO_LENDERS[lender];
  const base = {
    lender,
    name: terms.name,
    demo: true,
    energy_class_after: request.energy_class_after,
    mortgage_amount: request.mortgage_amount,
  };
  if (request.mortgage_amount < terms.minimumMortgage) {
    const amount = String(terms.minimumMortgage).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
    return {
      ...base,
      interest_discount: 0,
      eligible: false,
      reason: { en: `Green mortgages from ${amount} kr.`, sv: `Gröna bolån från ${amount} kr.` },
    };
  }
  const byClass = terms.byClass[request.energy_class_after] ?? 0;
  const steps = request.energy_class_before
    ? classIndex(request.energy_class_before) - classIndex(request.energy_class_after)
    : 0;
  const byStep = terms.stepUp && steps >= terms.stepUp.classes ? terms.stepUp.discount : 0;
  const discount = Math.max(byClass, byStep);
  const reason =
    discount === 0
      ? {
          en: `Energy class ${request.energy_class_after} does not qualify.`,
          sv: `Energiklass ${request.energy_class_after} ger ingen rabatt.`,
        }
      : byStep > byClass
        ? { en: `The home goes up ${steps} energy classes.`, sv: `Hemmet går upp ${steps} energiklasser.` }
        : {
            en: `Energy class ${request.energy_class_after} qualifies.`,
            sv: `Energiklass ${request.energy_class_after} ger rabatt.`,
          };
  return {
    ...base,
    interest_discount: discount,
    eligible: discount > 0,
    reason,
  };
}
