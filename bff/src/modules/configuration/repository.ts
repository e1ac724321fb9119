import { eq } from 'drizzle-orm';
import { organisationPricesSchema, type OrganisationPrices } from '@home-energy/shared/schemas/configuration';
import type { QuestionDefinition } from '@home-energy/shared/schemas/property-flow';
import { INSTALLER_MEASURES, type InstallerMeasure } from '@home-energy/shared/schemas/installer-leads';
import type { Db } from '../../db/client';
import { organisationSettings, organisations, questionDefinitions } from '../../db/schema';
import type { RatesPayload } from '../../energy/prices';
import type { DbOrTx } from '../audit/repository';

/** The organisation's default prices as saved in the console, or null when it has none. */
export async function organisationPrices(
  db: DbOrTx,
  organisationId: number | null,
): Promise<OrganisationPrices | null> {
  if (organisationId === null) return null;
  const [row] = await db
    .select({ prices: organisationSettings.prices })
    .from(organisationSettings)
    .where(eq(organisationSettings.organisationId, organisationId));
  if (!row?.prices) return null;
  const parsed = organisationPricesSchema.safeParse(row.prices);
  return parsed.success ? parsed.data : null;
}

/** The same prices in the engine's rates shape (docs/product.md §3 rates payload: cents_per_kwh per carrier). */
export function pricesAsRates(prices: OrganisationPrices): RatesPayload {
  const map = (perCarrier: Record<string, number | undefined>) =>
    Object.fromEntries(
      Object.entries(perCarrier)
        .filter(([, cents]) => typeof cents === 'number')
        .map(([carrier, cents]) => [carrier, { cents_per_kwh: cents! }]),
    );
  return {
    energy_carriers_import: map(prices.import_cents_per_kwh),
    energy_carriers_export: map(prices.export_cents_per_kwh),
  };
}

export async function organisationRates(db: Db, organisationId: number | null): Promise<RatesPayload | null> {
  const prices = await organisationPrices(db, organisationId);
  return prices ? pricesAsRates(prices) : null;
}

export async function savePrices(
  db: DbOrTx,
  organisationId: number,
  prices: OrganisationPrices,
  userId: number,
): Promise<void> {
  await db
    .insert(organisationSettings)
    .values({ organisationId, prices, updatedBy: userId })
    .onConflictDoUpdate({
      target: organisationSettings.organisationId,
      set: { prices, updatedBy: userId, updatedAt: new Date() },
    });
}

/** Replaces the organisation's question set (one row per key), positions from the list's order. */
export async function replaceQuestionSet(
  db: DbOrTx,
  organisationId: number,
  questions: QuestionDefinition[],
): Promise<void> {
  await db.delete(questionDefinitions).where(eq(questionDefinitions.organisationId, organisationId));
  await db.insert(questionDefinitions).values(
    questions.map((q, position) => ({
      organisationId,
      key: q.key,
      position,
      header: q.texts.en.header,
      data: q.data,
      texts: q.texts,
      asked: q.asked,
      required: q.required,
    })),
  );
}

/** The brand an organisation's flow wears; undefined for no such organisation. */
export async function brandOfOrganisation(db: Db, organisationId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ brand: organisations.brand })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row?.brand;
}

/** The measures an installer organisation does; null is every measure (one no longer known is left out). */
export async function installerMeasuresOf(db: DbOrTx, organisationId: number): Promise<InstallerMeasure[] | null> {
  const [row] = await db
    .select({ measures: organisations.installerMeasures })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (!row?.measures) return null;
  return row.measures.filter((m): m is InstallerMeasure => (INSTALLER_MEASURES as readonly string[]).includes(m));
}

/** Saves them in INSTALLER_MEASURES' order; every measure is kept as null, so measures added later are done too. */
export async function saveInstallerMeasures(
  db: DbOrTx,
  organisationId: number,
  measures: readonly InstallerMeasure[],
): Promise<InstallerMeasure[] | null> {
  const ordered = INSTALLER_MEASURES.filter((m) => measures.includes(m));
  const saved = ordered.length === INSTALLER_MEASURES.length ? null : ordered;
  await db.update(organisations).set({ installerMeasures: saved }).where(eq(organisations.id, organisationId));
  return saved;
}
