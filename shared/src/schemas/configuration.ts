// An organisation's flow configuration (console → Configuration, admins): its question set, its brand config and its
// default energy prices. The BFF checks question sets against the engine's answer keys as well (types, options,
// ranges), so an admin cannot make a question the engine cannot read.
import { z } from 'zod';
import type { BrandConfig } from './brand';
import type { InstallerMeasure } from './installer-leads';
import { CARRIERS, type PriceArea } from './energy';
import { questionDefinitionSchema, type QuestionDefinition, type QuestionUnit } from './property-flow';
import { lazySchema } from './lazy-schema';

/** PUT …/configuration/questions: the whole set in asking order (positions are taken from the order). */
export const questionSetUpdateSchema = lazySchema(() =>
  z.object({ questions: z.array(questionDefinitionSchema).min(1).max(100) }).strict(),
);
export type QuestionSetUpdate = z.infer<typeof questionSetUpdateSchema>;

const ore = lazySchema(() => z.number().min(0, 'must not be negative').max(100_000, 'at most 100 000 öre/kWh'));
const perCarrier = lazySchema(() => z.partialRecord(z.enum(CARRIERS), ore));

/**
 * PUT …/configuration/prices: the organisation's default prices in öre per kWh incl. VAT, per carrier. They apply to
 * every home of the brand that has no own prices; a carrier left out keeps the price area's default.
 */
export const organisationPricesSchema = lazySchema(() =>
  z.object({ import_cents_per_kwh: perCarrier.default({}), export_cents_per_kwh: perCarrier.default({}) }).strict(),
);
export type OrganisationPrices = z.infer<typeof organisationPricesSchema>;

/** The engine's definition of an answer key, as the editor needs it to offer only valid changes. */
export interface EngineKeyDefinition {
  type: 'selection' | 'multiple' | 'boolean' | 'integer' | 'float';
  options?: string[];
  unit?: QuestionUnit;
  min?: number;
  max?: number;
  /** The flow must ask it (the engine needs it when the register does not know it). */
  required: boolean;
}

/** GET …/configuration. */
export interface ConsoleConfiguration {
  brand: string;
  brandConfig: BrandConfig;
  questions: QuestionDefinition[];
  engineKeys: Record<string, EngineKeyDefinition>;
  prices: OrganisationPrices | null;
  /** The platform's defaults per price area (öre/kWh), what applies where the organisation sets nothing. */
  platformPrices: Record<PriceArea, { import: Record<string, number>; export: Record<string, number> }>;
  /** Installer organisations only: the measures homeowners may ask it about (null: every measure). */
  installer?: { measures: InstallerMeasure[] | null };
}
