// Payloads of the property flow (docs/product.md §3, §5, §7): answers, question definitions, rates, consumption, EPC
// documents, interactions, texts, and the building/information/recommendations answers. Limits from the spec live here
// only.
import { z } from 'zod';
import { calendarDaySchema } from './dates';
import {
  CARRIERS,
  energyClassSchema,
  type Activity,
  type EpcLabelValue,
  type Explanation,
  type PerCarrier,
  type PriceArea,
} from './energy';
import type { LeadStatus } from './installer-leads';
import { idSchema } from './ids';
import { lazySchema } from './lazy-schema';

/**
 * docs/product.md §3: answers map keys (1-255) to boolean, string, number or a list of strings. null clears an answer.
 */
export const answerKeySchema = lazySchema(() => z.string().min(1).max(255));
export const answerValueSchema = lazySchema(() =>
  z.union([z.boolean(), z.string().max(255), z.number(), z.array(z.string().min(1).max(255)).max(50)]),
);
export type AnswerValue = z.infer<typeof answerValueSchema>;
export const answersSchema = lazySchema(() => z.record(answerKeySchema, answerValueSchema));
export type Answers = z.infer<typeof answersSchema>;
/** POST /property/{id}/answer: the changed answers; null removes one. At most 100 keys per request. */
export const answersPatchSchema = lazySchema(() =>
  z
    .record(answerKeySchema, answerValueSchema.nullable())
    .refine((answers) => Object.keys(answers).length <= 100, 'at most 100 answers per request'),
);
export type AnswersPatch = z.infer<typeof answersPatchSchema>;

export const QUESTION_TYPES = ['selection', 'boolean', 'multiple', 'integer', 'float'] as const;
export const QUESTION_UNITS = ['yr', 'sqm', 'C', 'num', 'kwh', 'mm', 'wp', 'm'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export type QuestionUnit = (typeof QUESTION_UNITS)[number];

const optionSchema = lazySchema(() => z.string().min(1).max(255));
/** Texts of one question in one language; options maps an option value to its label. */
export const questionTextsSchema = lazySchema(() =>
  z
    .object({
      header: z.string().min(1).max(1023),
      help: z.string().max(2000).optional(),
      options: z.record(optionSchema, z.string().min(1).max(255)).optional(),
    })
    .strict(),
);
export type QuestionTexts = z.infer<typeof questionTextsSchema>;

/** data of a question definition: its type, default, options (selection/multiple) and unit and range (numbers). */
export const questionDataSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    z
      .object({
        type: z.literal('selection'),
        options: z.array(optionSchema).min(1).max(100),
        default: optionSchema.nullable(),
      })
      .strict(),
    z
      .object({
        type: z.literal('multiple'),
        options: z.array(optionSchema).min(1).max(100),
        default: z.array(optionSchema).max(100),
      })
      .strict(),
    z.object({ type: z.literal('boolean'), default: z.boolean().nullable() }).strict(),
    z
      .object({
        type: z.enum(['integer', 'float']),
        unit: z.enum(QUESTION_UNITS).optional(),
        min: z.number(),
        max: z.number(),
        default: z.number().nullable(),
      })
      .strict(),
  ]),
);
export type QuestionData = z.infer<typeof questionDataSchema>;

/**
 * docs/product.md §3 question definition (header up to 1023, key, data), plus order, whether it is asked, and sv/en
 * texts. Strict: the console sends back what it read.
 */
export const questionDefinitionSchema = lazySchema(() =>
  z
    .object({
      key: answerKeySchema,
      header: z.string().min(1).max(1023),
      data: questionDataSchema,
      /** The flow asks these, in `position` order; the others keep their default. */
      asked: z.boolean(),
      position: z.number().int().min(0),
      /** Answered from the property register when it knows the value (the flow shows it pre-filled). */
      required: z.boolean(),
      texts: z.object({ en: questionTextsSchema, sv: questionTextsSchema }).strict(),
    })
    .strict(),
);
export type QuestionDefinition = z.infer<typeof questionDefinitionSchema>;

export interface QuestionsResponse {
  organisation: { slug: string; name: string } | null;
  questions: QuestionDefinition[];
}

/** A non-negative, finite amount (docs/product.md §5: energy carrier maps need non-negative numbers). */
const nonNegative = lazySchema(() => z.number().min(0));
const carrierRateSchema = lazySchema(() =>
  z
    .object({
      /** Price × 100 (öre per kWh incl. VAT). */
      cents_per_kwh: nonNegative.max(100_000),
      components: z
        .array(z.object({ name: z.string().min(1).max(255), cents_per_kwh: nonNegative.max(100_000) }).strict())
        .max(20)
        .default([]),
    })
    .strict(),
);
const carrierMap = <T extends z.ZodType>(value: T) => z.partialRecord(z.enum(CARRIERS), value);

/** docs/product.md §3 rates payload. */
export const ratesSchema = lazySchema(() =>
  z
    .object({
      energy_carriers_import: carrierMap(carrierRateSchema).default({}),
      energy_carriers_export: carrierMap(carrierRateSchema).default({}),
    })
    .strict(),
);
export type Rates = z.infer<typeof ratesSchema>;

/** GET /property/{id}/rates. */
export interface RatesResponse {
  rates: Rates | null;
  default_cents_per_kwh: { import: PerCarrier; export: PerCarrier } | null;
  price_area: PriceArea | null;
}

/** POST /property/{id}/consumption: a year's bought energy per carrier (kWh), for the measured label. */
export const consumptionSchema = lazySchema(() =>
  z
    .object({
      year: z.number().int().min(1990).max(2100),
      energy_carriers: carrierMap(nonNegative.max(10_000_000)).refine(
        (m) => Object.values(m).some((v) => (v ?? 0) > 0),
        'give the kWh of at least one carrier',
      ),
      /** Whether household electricity is on the same meter (as in most villas). Default true. */
      household_electricity_included: z.boolean().default(true),
      /** Heating degree days of that year, when known; otherwise the year counts as a normal year. */
      degree_days: z.number().min(500).max(9000).optional(),
      /**
       * Household electricity of that year (kWh) when metered or known; otherwise BEN's normal value (30 kWh/m² Atemp).
       */
      household_electricity: nonNegative.max(10_000_000).optional(),
      /**
       * Energy bought for tap water that year (kWh) when metered apart, on the carrier that heats it; otherwise BEN's
       * normal value.
       */
      tap_water: nonNegative.max(10_000_000).optional(),
    })
    .strict()
    .superRefine((c, ctx) => {
      const electricity = c.energy_carriers.electricity ?? 0;
      if (
        c.household_electricity !== undefined &&
        c.household_electricity_included &&
        c.household_electricity > electricity
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['household_electricity'],
          message: `more than the ${electricity} kWh of electricity it is included in`,
        });
      }
      const bought = Object.values(c.energy_carriers).reduce<number>((sum, kwh) => sum + (kwh ?? 0), 0);
      if (c.tap_water !== undefined && c.tap_water > bought) {
        ctx.addIssue({ code: 'custom', path: ['tap_water'], message: `more than the ${bought} kWh bought in all` });
      }
    }),
);
export type Consumption = z.infer<typeof consumptionSchema>;

/** Form fields sent with an uploaded EPC document (multipart; the file field is `file`). */
export const epcDocumentFieldsSchema = lazySchema(() =>
  z
    .object({
      energy_class: energyClassSchema,
      ep: z.coerce.number().min(0).max(2000).optional(),
      issued_at: calendarDaySchema.optional(),
    })
    .strict(),
);
export const EPC_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const EPC_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

export interface EpcDocumentSummary {
  id: string;
  status: 'pending' | 'approved' | 'rejected';
  file_name: string;
  energy_class: string;
  uploaded_at: string;
}

/** POST /api/flow/interaction (docs/product.md §7): what the user did, to what, on which property. */
export const interactionSchema = lazySchema(() =>
  z
    .object({
      action: z.string().min(1).max(255),
      object: z.string().min(1).max(1023).optional(),
      property_id: idSchema.nullable().optional(),
    })
    .strict(),
);
export type Interaction = z.infer<typeof interactionSchema>;

/** GET /api/flow/texts/{name}: the client checks what it gets against this (docs/product.md §5). */
export const textSchema = lazySchema(() =>
  z.object({
    name: z.string().min(1).max(100),
    locale: z.enum(['en', 'sv']),
    title: z.string().min(1).max(255),
    body: z.string().min(1).max(20_000),
    updated_at: z.string(),
  }),
);
export type Text = z.infer<typeof textSchema>;
export const textNameSchema = lazySchema(() =>
  z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'lower-case letters, digits and dashes'),
);

/** A problem that stopped (part of) a building calculation: the client logs it (docs/product.md §7). */
/**
 * GET …/building/primary/label/explanation and …/recommendations/{type}/explanation; explanation null when `errors`
 * stopped the calculation.
 */
export interface ExplanationResponse {
  explanation: Explanation | null;
  errors: BuildingError[];
}

export interface BuildingError {
  code: 'missing_answers' | 'unknown_location' | 'invalid_answers';
  /**
   * English, for staff and logs (the released console's property lookup shows it); homeowners see the client's text of
   * `code` + `params`.
   */
  message: string;
  keys?: string[];
  /** The numbers and names the client's text of `code` fills in (e.g. `postal_code`, `reason`). */
  params?: Record<string, string | number>;
}

export type InformationItem =
  | { type: 'epc_label'; value: EpcLabelValue }
  | {
      type: 'energy_use';
      value: {
        /**
         * kWh/yr bought per carrier, and per use (space_heating, tap_water_heating, space_cooling, pv_production, ...).
         */
        by_carrier: PerCarrier;
        by_use: Record<string, number>;
        exported_kwh: number;
        pv_production_kwh: number;
        cost_per_year: number;
        prices_source: 'rates' | 'default';
      };
    }
  | {
      type: 'location';
      value: {
        municipality: string;
        price_area: PriceArea;
        f_geo: number;
        f_geo_is_estimate: boolean;
        degree_days: number;
      };
    }
  | { type: 'epc_document'; value: EpcDocumentSummary };

/** The building of a property as the engine sees it (POST /property/{id}/building). */
export interface BuildingResponse {
  id: 'primary';
  property: { id: number; name: string; addresses: { street: string; postal_code: string; postal_city: string }[] };
  /** The user's answers; `register` holds what the property register knows (used where the user did not answer). */
  answers: Answers;
  register: Answers;
  recommendations: Activity[];
  information: InformationItem[];
  errors: BuildingError[];
}

export interface RecommendationsResponse {
  recommendations: Activity[];
  errors: BuildingError[];
}
export interface InformationResponse {
  information: InformationItem[];
  errors: BuildingError[];
}

/**
 * GET /property-search/suggestions?q=: the address typed so far, optionally within a postal code (which the BFF reads
 * as a Swedish one). The flow's address field takes no more than q does.
 */
export const addressSuggestionsQuerySchema = lazySchema(() =>
  z.object({ q: z.string().trim().min(1).max(255), postal_code: z.string().optional() }).strict(),
);

/** The add-property mini-flow (docs/product.md §5): street, postalCity and postalCode are all required. */
export const miniflowPropertySchema = lazySchema(() =>
  z
    .object({
      street: z.string().trim().min(1).max(255),
      postalCity: z.string().trim().min(1).max(255),
      postalCode: z
        .string()
        .trim()
        .regex(/^\d{3}\s?\d{2}$/, 'five digits, e.g. 123 45'),
    })
    .strict(),
);
export type MiniflowProperty = z.infer<typeof miniflowPropertySchema>;

/**
 * docs/product.md §3 and §5: installer selection: which installer (identifier), for which recommendation (key), chosen
 * or not.
 */
export const installerSelectionSchema = lazySchema(() =>
  z.object({ installer: z.string().min(1).max(100), key: z.string().min(1).max(100), selected: z.boolean() }).strict(),
);
export const installerSelectionsSchema = lazySchema(() => z.array(installerSelectionSchema).min(1).max(50));
export type InstallerSelection = z.infer<typeof installerSelectionSchema>;

/** An installer an organisation offers its homeowners (docs/product.md §3 Installer). */
export interface OfferedInstaller {
  name: string;
  identifier: string;
  logo: string;
  url: string;
  /**
   * The measures it is offered for: those its installer organisation says it does. Absent or null: every measure (an
   * installer with no organisation here, or one that does everything).
   */
  measures?: string[] | null;
}

/** Is the installer offered for this measure? */
export function offersMeasure(installer: Pick<OfferedInstaller, 'measures'>, key: string): boolean {
  return !installer.measures || installer.measures.includes(key);
}

export interface InstallerRequest {
  installer: string;
  installer_name: string;
  key: string;
  requested_at: string;
  /** How far the installer has come with it (shared/src/schemas/installer-leads.ts). */
  status: LeadStatus;
  status_changed_at: string | null;
}

/** GET /property/{id}/installers: the installers offered for this home and the requests already sent. */
export interface InstallersResponse {
  installers: OfferedInstaller[];
  requests: InstallerRequest[];
}
