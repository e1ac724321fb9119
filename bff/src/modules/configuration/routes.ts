import { Router } from 'express';
import { noQuery } from '../../http/input-guards';
import { brandConfigInputSchema, type BrandConfig } from '@home-energy/shared/schemas/brand';
import {
  organisationPricesSchema,
  questionSetUpdateSchema,
  type ConsoleConfiguration,
} from '@home-energy/shared/schemas/configuration';
import { PRICE_AREAS } from '@home-energy/shared/schemas/energy';
import { installerMeasuresUpdateSchema } from '@home-energy/shared/schemas/installer-leads';
import type { Db } from '../../db/client';
import { defaultPrices } from '../../energy/prices';
import { HttpError, parse } from '../../http/errors';
import type { Logger } from '../../logger';
import { requireConsoleItem } from '../../auth/guards';
import { audit } from '../audit/record';
import type { BrandConfigStore } from '../brand/store';
import { questionSet } from '../questions/repository';
import { checkQuestionSet, engineKeyDefinitions } from './question-set';
import {
  brandOfOrganisation,
  installerMeasuresOf,
  organisationPrices,
  replaceQuestionSet,
  saveInstallerMeasures,
  savePrices,
} from './repository';

const ore = (perCarrier: Record<string, number>) =>
  Object.fromEntries(Object.entries(perCarrier).map(([carrier, kr]) => [carrier, Math.round(kr * 10_000) / 100]));

/** The platform's prices per price area in öre/kWh (what applies where an organisation sets nothing). */
function platformPrices(): ConsoleConfiguration['platformPrices'] {
  return Object.fromEntries(
    PRICE_AREAS.map((area) => {
      const prices = defaultPrices(area);
      return [area, { import: ore(prices.import), export: ore({ electricity: prices.export.electricity }) }];
    }),
  ) as ConsoleConfiguration['platformPrices'];
}

/** Which keys of a brand config differ (for the audit log). */
function changedKeys(before: BrandConfig, after: BrandConfig): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys]
    .filter((k) => JSON.stringify(before[k as keyof BrandConfig]) !== JSON.stringify(after[k as keyof BrandConfig]))
    .sort();
}

/**
 * /api/console/org/{org}/configuration (admins): the organisation's question set (DB), brand config (the brand config
 * store, brand/{brand}/config.json) and default energy prices (DB). The flow reads all three on its next request. An
 * installer organisation also says here which measures it does.
 */
export function configurationRoutes({
  db,
  brandStore,
  logger,
}: {
  db: Db;
  brandStore: BrandConfigStore;
  logger: Logger;
}): Router {
  const router = Router({ mergeParams: true });
  router.use(requireConsoleItem('configuration'), noQuery);

  async function brandOf(organisationId: number): Promise<string> {
    const brand = await brandOfOrganisation(db, organisationId);
    if (brand === undefined) throw new HttpError(404, 'not_found', 'No such organisation.');
    return brand;
  }

  async function readBrand(brand: string): Promise<BrandConfig> {
    try {
      return (await brandStore.read(brand)) ?? {};
    } catch (err) {
      // A malformed file is shown as empty: saving from the editor replaces it with a valid one.
      logger.warn({ err, brand }, 'brand config unreadable');
      return {};
    }
  }

  router.get('/', async (req, res) => {
    const organisation = req.organisation!;
    const brand = await brandOf(organisation.id);
    const body: ConsoleConfiguration = {
      brand,
      brandConfig: await readBrand(brand),
      questions: await questionSet(db, organisation.id),
      engineKeys: engineKeyDefinitions(),
      prices: await organisationPrices(db, organisation.id),
      platformPrices: platformPrices(),
      ...(organisation.isInstaller ? { installer: { measures: await installerMeasuresOf(db, organisation.id) } } : {}),
    };
    res.set('Cache-Control', 'no-store').json(body);
  });

  router.put('/questions', async (req, res) => {
    const organisation = req.organisation!;
    const { questions } = parse(questionSetUpdateSchema, req.body, 'body');
    const checked = checkQuestionSet(questions);
    const before = await questionSet(db, organisation.id);
    await db.transaction(async (tx) => {
      await replaceQuestionSet(tx, organisation.id, checked);
      const changed = checked
        .filter((q) => JSON.stringify(before.find((b) => b.key === q.key)) !== JSON.stringify(q))
        .map((q) => q.key);
      await audit(tx, req, res, {
        action: 'configuration.questions',
        target: `organisation:${organisation.slug}`,
        organisationId: organisation.id,
        details: { changed },
      });
    });
    res.json({ questions: await questionSet(db, organisation.id) });
  });

  router.put('/brand', async (req, res) => {
    const organisation = req.organisation!;
    const config = parse(brandConfigInputSchema, req.body, 'body');
    const brand = await brandOf(organisation.id);
    const before = await readBrand(brand);
    await brandStore.write(brand, config);
    await audit(db, req, res, {
      action: 'configuration.brand',
      target: `brand:${brand}`,
      organisationId: organisation.id,
      details: { changed: changedKeys(before, config), accent: config.accent ?? null },
    });
    res.json({ brand, config });
  });

  router.put('/prices', async (req, res) => {
    const organisation = req.organisation!;
    const prices = parse(organisationPricesSchema, req.body, 'body');
    await db.transaction(async (tx) => {
      await savePrices(tx, organisation.id, prices, Number(req.user!.id));
      await audit(tx, req, res, {
        action: 'configuration.prices',
        target: `organisation:${organisation.slug}`,
        organisationId: organisation.id,
        details: { prices },
      });
    });
    res.json({ prices });
  });

  // An installer organisation's measures: homeowners are offered it for these only (docs/product.md §3 Installer).
  router.put('/installer-measures', async (req, res) => {
    const organisation = req.organisation!;
    if (!organisation.isInstaller)
      throw new HttpError(403, 'forbidden', 'Only an installer organisation says which measures it does.');
    const { measures } = parse(installerMeasuresUpdateSchema, req.body, 'body');
    const before = await installerMeasuresOf(db, organisation.id);
    const saved = await db.transaction(async (tx) => {
      const after = await saveInstallerMeasures(tx, organisation.id, measures);
      await audit(tx, req, res, {
        action: 'configuration.installer_measures',
        target: `organisation:${organisation.slug}`,
        organisationId: organisation.id,
        details: { from: before, to: after },
      });
      return after;
    });
    res.json({ measures: saved });
  });

  return router;
}
