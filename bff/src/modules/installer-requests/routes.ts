import { Router, type Request } from 'express';
import { flowQueryOnly } from '../../http/input-guards';
import {
  installerSelectionsSchema,
  offersMeasure,
  type InstallersResponse,
} from '@home-energy/shared/schemas/property-flow';
import type { Db } from '../../db/client';
import { HttpError, parse } from '../../http/errors';
import { homeownerIdOf, loadHomeowner } from '../homeowner/repository';
import { findProperty, readProfile } from '../building/repository';
import { ownerOf } from '../building/owner';
import { brandOf, flowOrganisation } from '../flow/brand';
import { applySelections, homeownerRequests, offeredInstallers } from './repository';
import type { Mailer } from '../mail/mailer';
import { newRequestMails } from './mails';
import { idParamsSchema } from '@home-energy/shared/schemas/ids';
import { noteUsedLanguage, requestLanguage } from '../mail/language';
import type { GeoTables } from '../../energy/geo-data';
import { installerMeasures } from './measures';
import { verifiedEmailOf } from '../homeowner/email-verification';

const idParams = idParamsSchema;

/**
 * /api/flow/property/{id}/installers and /installer-requests: the installers the home's organisation offers (each for
 * the measures its installer organisation does), and a signed-in homeowner's requests to them (contact details needed
 * first, so the installer can answer), about the home's own measures only, at most INSTALLER_REQUESTS_PER_DAY a day
 * (docs/security.md "Installer requests and contact email").
 */
export function installerRequestRoutes(options: {
  db: Db;
  geo: GeoTables;
  defaultBrand: string;
  mailer: Mailer;
  now: () => number;
  /** The version of the privacy notice the brand's homeowners are shown now: each share records it. */
  noticeVersion: (brand: string) => Promise<string>;
}): Router {
  const { db, mailer } = options;
  const router = Router();
  router.use(flowQueryOnly);

  async function context(req: Request) {
    const { id } = parse(idParams, { id: req.params.id }, 'params');
    const property = await findProperty(db, id);
    if (!property) throw new HttpError(404, 'not_found', 'No such property.');
    const profile = await readProfile(db, ownerOf(req, false), id);
    if (!profile)
      throw new HttpError(404, 'not_found', 'You have no profile for this property. Start from the address search.');
    const organisationId =
      profile.organisationId ?? (await flowOrganisation(db, req, options.defaultBrand))?.id ?? null;
    return { property, organisationId, profile };
  }

  router.get('/:id/installers', async (req, res) => {
    const { property, organisationId } = await context(req);
    const homeownerId = homeownerIdOf(req.user);
    const body: InstallersResponse = {
      installers: await offeredInstallers(db, organisationId),
      requests: homeownerId === null ? [] : await homeownerRequests(db, homeownerId, property.id),
    };
    res.set('Cache-Control', 'private, no-store').json(body);
  });

  router.post('/:id/installer-requests', async (req, res) => {
    const homeownerId = homeownerIdOf(req.user);
    if (homeownerId === null) throw new HttpError(401, 'unauthorized', 'Sign in with BankID to contact installers.');
    const { property, organisationId, profile } = await context(req);
    const selections = parse(installerSelectionsSchema, req.body, 'body');
    const offered = new Map((await offeredInstallers(db, organisationId)).map((i) => [i.identifier, i]));
    const unknown = selections.filter((s) => !offered.has(s.installer));
    if (unknown.length > 0) {
      throw new HttpError(
        400,
        'bad_request',
        `Unknown installer: ${[...new Set(unknown.map((s) => s.installer))].join(', ')}`,
        unknown.map((s) => ({ path: 'body.installer', message: `${s.installer} is not offered for this home` })),
      );
    }
    // A new request only to an installer that does the measure; one already sent stays, and may be withdrawn (the
    // installer may have dropped the measure since).
    const sent = new Set(
      (await homeownerRequests(db, homeownerId, property.id)).map((r) => JSON.stringify([r.installer, r.key])),
    );
    const notDone = selections.filter(
      (s) =>
        s.selected &&
        !offersMeasure(offered.get(s.installer)!, s.key) &&
        !sent.has(JSON.stringify([s.installer, s.key])),
    );
    if (notDone.length > 0) {
      throw new HttpError(
        400,
        'bad_request',
        `Invalid body.installer: ${notDone[0]!.installer} does not do ${notDone[0]!.key}`,
        notDone.map((s) => ({ path: 'body.installer', message: `${s.installer} is not offered for ${s.key}` })),
      );
    }
    // Only the home's own measures, as its dashboard shows them; withdrawing needs none (the measure may have gone).
    const asked = [...new Set(selections.filter((s) => s.selected).map((s) => s.key))];
    if (asked.length > 0) {
      const measures = await installerMeasures({
        db,
        geo: options.geo,
        property,
        profile,
        pricingOrganisationId: organisationId,
        year: new Date(options.now()).getFullYear(),
      });
      const foreign = asked.filter((key) => !measures.has(key));
      if (foreign.length > 0)
        throw new HttpError(
          400,
          'bad_request',
          `Invalid body.key: not a measure installers are offered for at this home: ${foreign.slice(0, 3).join(', ')}` +
            (foreign.length > 3 ? ` and ${foreign.length - 3} more` : ''),
          foreign
            .slice(0, 3)
            .map((key) => ({ path: 'body.key', message: `${key} is not one of this home's measures` })),
        );
    }
    const owner = await loadHomeowner(db, homeownerId);
    if (!owner?.contactEmail || !owner.contactMobile) {
      throw new HttpError(
        409,
        'contact_required',
        'Give your email and mobile number first, so the installer can reach you.',
      );
    }
    // The installer gets the email only once the homeowner has confirmed it; the mobile number always.
    const created = await applySelections(
      db,
      { homeownerId, propertyId: property.id, organisationId },
      selections.map((s) => ({ installer: offered.get(s.installer)!, key: s.key, selected: s.selected })),
      { email: verifiedEmailOf(owner), mobile: owner.contactMobile },
      options.now(),
      await options.noticeVersion(brandOf(req, options.defaultBrand)),
    );
    // The confirmation below is written in the language the homeowner is using now.
    await noteUsedLanguage(db, 'homeowner', homeownerId, requestLanguage(req));
    if (created.length > 0) mailer.queueLater(() => newRequestMails(db, mailer, created));
    res.status(201).json({ requests: await homeownerRequests(db, homeownerId, property.id) });
  });
  return router;
}
