import { Router, type Request, type RequestHandler } from 'express';
import { flowQueryOnly } from '../../http/input-guards';
import multer from 'multer';
import type { ObjectStore } from '../../storage/object-store';
import { z } from 'zod';
import {
  answersPatchSchema,
  consumptionSchema,
  EPC_DOCUMENT_MAX_BYTES,
  epcDocumentFieldsSchema,
  ratesSchema,
  type BuildingResponse,
  type ExplanationResponse,
} from '@home-energy/shared/schemas/property-flow';
import type { Db } from '../../db/client';
import type { GeoTables } from '../../energy/geo-data';
import { explainLabel, explainRecommendation } from '../../energy/explanation';
import { ACTIVITY_TYPES } from '@home-energy/shared/schemas/energy';
import { HttpError, parse } from '../../http/errors';
import { brandOf, flowOrganisation } from '../flow/brand';
import type { ReadCache } from '../../db/read-cache';
import { questionSet } from '../questions/repository';
import { applyAnswers, validateAnswers } from '../questions/validate-answers';
import { ownerKeyOf, ownerOf, type Owner } from './owner';
import { buildingCache, buildingKey, buildingParams, sendCachedAnswer, type CachedBuilding } from './cached-building';
import {
  documentUse,
  findProperty,
  holdsSomething,
  insertEpcDocumentWithinQuota,
  overQuota,
  profileDocuments,
  readProfile,
  saveComputedLabels,
  storedPlanOf,
  updateProfile,
  type DocumentQuota,
  type ProfileState,
  type PropertyRow,
} from './repository';
import { documentUploadLimiter, ipOf } from '../../http/write-limits';
import { computeBuilding, engineBuilding, pricesFor, registerAnswers } from './service';
import { planRequestSchema, type PlanResponse, type PlanSuggestionsResponse } from '@home-energy/shared/schemas/plan';
import { computePlan, PlanError, suggestPlans } from '../../energy/activities/plan';
import { contextFor } from '../../energy/activities/runner';
import { locate } from '../../energy/location';
import { organisationRates } from '../configuration/repository';
import { profileFacts, saveProfileInsights } from '../analytics/insights';
import { idParamsSchema } from '@home-energy/shared/schemas/ids';

export interface BuildingRouteOptions {
  db: Db;
  geo: GeoTables;
  defaultBrand: string;
  now: () => number;
  /** Uploads per IP and per owner per hour, and the storage quota (config.ts). */
  documents: { DOCUMENT_RATE_LIMIT: number; DOCUMENTS_PER_PROPERTY: number; DOCUMENT_MB_PER_DAY: number };
  /** Where uploaded documents' bytes go (S3); null: in their database row. */
  documentStore?: ObjectStore | null;
  /** The building cache, when the app shares it with the fast path (fast-path.ts). */
  buildings?: ReadCache<CachedBuilding>;
}

const idParams = idParamsSchema;

/** Which file an upload really is, from its first bytes (the client's Content-Type is not trusted). */
function sniffDocumentType(content: Buffer): 'application/pdf' | 'image/png' | 'image/jpeg' | null {
  if (content.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return 'image/jpeg';
  return null;
}

/**
 * /api/flow/property/{id}: the owner's answers, rates, consumption and EPC document, and the building computed from
 * them.
 */
export function buildingRoutes(options: BuildingRouteOptions): Router {
  const { db } = options;
  const router = Router();
  router.use(flowQueryOnly);
  const year = () => new Date(options.now()).getFullYear();

  async function property(req: Request): Promise<PropertyRow> {
    const { id } = parse(idParams, { id: req.params.id }, 'params');
    const row = await findProperty(db, id);
    if (!row) throw new HttpError(404, 'not_found', 'No such property.');
    return row;
  }

  /** The caller's profile; another owner's property and one never started answer the same 404. */
  async function ownProfile(req: Request, row: PropertyRow): Promise<ProfileState> {
    const profile = await readProfile(db, ownerOf(req, false), row.id);
    if (!profile)
      throw new HttpError(404, 'not_found', 'You have no profile for this property. Start from the address search.');
    return profile;
  }

  /** The question set answers are checked against: the profile's organisation, else the brand of this request. */
  async function definitionsFor(req: Request, profile: ProfileState | null) {
    const organisationId =
      profile?.organisationId ?? (await flowOrganisation(db, req, options.defaultBrand))?.id ?? null;
    return { organisationId, definitions: await questionSet(db, organisationId) };
  }

  /** The organisation whose default prices apply: the profile's, else the brand of this request. */
  async function pricingOrganisation(req: Request, profile: ProfileState | null): Promise<number | null> {
    return profile?.organisationId ?? (await flowOrganisation(db, req, options.defaultBrand))?.id ?? null;
  }

  async function compute(req: Request, row: PropertyRow, profile: ProfileState) {
    const result = computeBuilding({
      property: row,
      answers: profile.answers,
      rates: profile.rates,
      consumption: profile.consumption,
      documents: await profileDocuments(db, profile.id),
      geo: options.geo,
      year: year(),
      organisationRates: await organisationRates(db, await pricingOrganisation(req, profile)),
    });
    if (profile.id !== null) {
      await saveComputedLabels(db, profile.id, result.labels);
      // The console's analytics and validation read these facts instead of running the engine.
      await saveProfileInsights(db, profile.id, profileFacts(result, profile.answers));
    }
    return result;
  }

  /**
   * Runs a profile write as the caller's owner; a visitor id made for it is kept in the session only when the write
   * succeeds, so a failed write leaves no session behind (express-session saves only sessions holding something).
   */
  async function asOwner<T>(req: Request, write: (owner: Owner) => Promise<T>): Promise<T> {
    const fresh = ownerOf(req, false) === null;
    try {
      return await write(ownerOf(req, true) as Owner);
    } catch (error) {
      if (fresh) delete req.session.visitorId;
      throw error;
    }
  }

  /** `create`: make the profile even when nothing is saved (POST …/building computes and keeps a building). */
  async function saveAnswers(req: Request, row: PropertyRow, body: unknown, create: boolean): Promise<ProfileState> {
    const patch = parse(answersPatchSchema, body ?? {}, 'body');
    const existing = await readProfile(db, ownerOf(req, false), row.id);
    const { organisationId, definitions } = await definitionsFor(req, existing);
    validateAnswers(patch, definitions, year());
    // Saving no answers where there is no profile writes nothing: no visitor profile (and session) for an empty write.
    if (!existing && !create && Object.keys(applyAnswers({}, patch)).length === 0)
      return { id: null, organisationId, answers: {}, rates: null, consumption: null, plan: null };
    return asOwner(req, (owner) =>
      updateProfile(db, owner, row.id, organisationId, (current) => ({
        answers: applyAnswers(current.answers, patch),
      })),
    );
  }

  router.get('/:id/answers', async (req, res) => {
    const row = await property(req);
    const profile = await readProfile(db, ownerOf(req, false), row.id);
    res.set('Cache-Control', 'private, no-store').json({
      property: { id: row.id, name: row.name },
      answers: profile?.answers ?? {},
      register: registerAnswers(row),
    });
  });

  router.post('/:id/answer', async (req, res) => {
    const row = await property(req);
    const profile = await saveAnswers(req, row, req.body, false);
    res.set('Cache-Control', 'private, no-store').json({ answers: profile.answers });
  });

  // Saves the answers given (default none) and returns the building with its recommendations and information.
  router.post('/:id/building', async (req, res) => {
    const row = await property(req);
    const body =
      req.body && typeof req.body === 'object' && 'answers' in req.body
        ? (req.body as { answers: unknown }).answers
        : req.body;
    const profile = await saveAnswers(req, row, body, true);
    const result = await compute(req, row, profile);
    const building: BuildingResponse = {
      id: 'primary',
      property: {
        id: row.id,
        name: row.name,
        addresses: [{ street: row.street, postal_code: row.postalCode, postal_city: row.postalCity }],
      },
      answers: profile.answers as BuildingResponse['answers'],
      register: result.register,
      recommendations: result.recommendations,
      information: result.information,
      errors: result.errors,
    };
    res.set('Cache-Control', 'private, no-store').json(building);
  });

  // The building as the GET routes read it, computed once until anything is written (cached-building.ts): its inputs
  // are the property, the caller's profile and documents, and the prices of the profile's (or the brand's)
  // organisation, all in the key or read in the same write generation.
  const buildings = options.buildings ?? buildingCache(db);
  function readBuilding(req: Request): Promise<CachedBuilding> {
    const { id } = parse(buildingParams, req.params, 'params');
    const key = buildingKey(id, ownerOf(req, false), brandOf(req, options.defaultBrand), year());
    return buildings.read(key, async () => {
      const row = await property(req);
      return { result: await compute(req, row, await ownProfile(req, row)), answers: new Map() };
    });
  }

  router.get('/:id/building/:building/recommendations', async (req, res) => {
    sendCachedAnswer(req, res, await readBuilding(req), 'recommendations');
  });

  router.get('/:id/building/:building/information', async (req, res) => {
    sendCachedAnswer(req, res, await readBuilding(req), 'information');
  });

  // "How we calculated this", on demand (engine README "Explanations"): computing it for every measure in the list
  // would cost ~40×.
  const explanationParams = buildingParams.extend({ type: z.enum(ACTIVITY_TYPES, { message: 'an activity type' }) });
  router.get('/:id/building/:building/label/explanation', async (req, res) => {
    const building = await readBuilding(req);
    const { basis, errors } = building.result;
    const explanation = basis ? explainLabel(basis.building, basis.sources) : null;
    res.set('Cache-Control', 'private, no-store').json({ explanation, errors } satisfies ExplanationResponse);
  });

  router.get('/:id/building/:building/recommendations/:type/explanation', async (req, res) => {
    const { type } = parse(explanationParams, req.params, 'params');
    const building = await readBuilding(req);
    const { basis, errors } = building.result;
    const explained = basis ? explainRecommendation(basis.building, type, basis.prices, basis.sources) : null;
    res
      .set('Cache-Control', 'private, no-store')
      .json({ explanation: explained?.explanation ?? null, errors } satisfies ExplanationResponse);
  });

  // The saved rates and the price area's defaults (what applies where no rate is given), both in öre per kWh.
  router.get('/:id/rates', async (req, res) => {
    const row = await property(req);
    const profile = await ownProfile(req, row);
    const location = locate(row.postalCode, options.geo);
    // What applies where the owner gives no rate: the organisation's default prices over the price area's.
    const defaults = location
      ? pricesFor(location.priceArea, await organisationRates(db, await pricingOrganisation(req, profile)), null)
      : null;
    const cents = (perCarrier: Record<string, number>) =>
      Object.fromEntries(Object.entries(perCarrier).map(([carrier, kr]) => [carrier, Math.round(kr * 10_000) / 100]));
    res.set('Cache-Control', 'private, no-store').json({
      rates: profile.rates,
      default_cents_per_kwh: defaults ? { import: cents(defaults.import), export: cents(defaults.export) } : null,
      price_area: location?.priceArea ?? null,
    });
  });

  router.post('/:id/rates', async (req, res) => {
    const row = await property(req);
    const rates = parse(ratesSchema, req.body ?? {}, 'body');
    const existing = await readProfile(db, ownerOf(req, false), row.id);
    const { organisationId } = await definitionsFor(req, existing);
    const profile = await asOwner(req, (owner) => updateProfile(db, owner, row.id, organisationId, () => ({ rates })));
    res.set('Cache-Control', 'private, no-store').json({ rates: profile.rates });
  });

  // A year's metered energy: stored, and the measured label (estimated_measured) computed from it.
  router.post('/:id/consumption', async (req, res) => {
    const row = await property(req);
    const consumption = parse(consumptionSchema, req.body ?? {}, 'body');
    if (consumption.year > year())
      throw new HttpError(400, 'bad_request', `year: ${consumption.year} has not ended yet`, [
        { path: 'body.year', message: 'in the future' },
      ]);
    const existing = await readProfile(db, ownerOf(req, false), row.id);
    const { organisationId } = await definitionsFor(req, existing);
    const profile = await asOwner(req, (owner) =>
      updateProfile(db, owner, row.id, organisationId, () => ({ consumption })),
    );
    const result = await compute(req, row, profile);
    const label =
      result.information.find((i) => i.type === 'epc_label' && i.value.type === 'estimated_measured') ?? null;
    res
      .set('Cache-Control', 'private, no-store')
      .json({ consumption: profile.consumption, label, errors: result.errors });
  });

  /** The engine's context for the caller's house (their answers and prices), or why it cannot be computed. */
  async function planContext(req: Request, row: PropertyRow, profile: ProfileState) {
    const prepared = engineBuilding({ property: row, answers: profile.answers, geo: options.geo, year: year() });
    if ('errors' in prepared) return prepared;
    const prices = pricesFor(
      prepared.location.priceArea,
      await organisationRates(db, await pricingOrganisation(req, profile)),
      profile.rates,
    );
    return { building: prepared.building, ctx: contextFor(prepared.building, prices) };
  }

  // The owner's renovation plan (engine README "Plans"): checked and computed, then kept with their profile.
  router.post('/:id/plan', async (req, res) => {
    const row = await property(req);
    const profile = await ownProfile(req, row);
    const body = parse(planRequestSchema, req.body ?? {}, 'body');
    const prepared = await planContext(req, row, profile);
    if ('errors' in prepared) throw new HttpError(409, prepared.errors[0]!.code, prepared.errors[0]!.message);
    const loan = body.loan ?? { type: 'Cash' as const };
    let plan;
    try {
      plan = computePlan(prepared.building, body.measures, { ctx: prepared.ctx, loan });
    } catch (error) {
      if (!(error instanceof PlanError)) throw error;
      throw new HttpError(400, 'bad_request', `measures: ${error.message}`, [
        { path: 'body.measures', message: error.message, code: error.code, measures: error.measures },
      ]);
    }
    await updateProfile(db, ownerOf(req, false) as Owner, row.id, profile.organisationId, () => ({
      plan: storedPlanOf(plan, loan, options.now()),
    }));
    res.set('Cache-Control', 'private, no-store').json({ plan, errors: [] } satisfies PlanResponse);
  });

  router.get('/:id/plan', async (req, res) => {
    const row = await property(req);
    const profile = await ownProfile(req, row);
    const answer: PlanResponse = { plan: null, errors: [] };
    if (profile.plan) {
      const prepared = await planContext(req, row, profile);
      if ('errors' in prepared) answer.errors = prepared.errors.map(({ code, message }) => ({ code, message }));
      else {
        try {
          answer.plan = computePlan(prepared.building, profile.plan.measures, {
            ctx: prepared.ctx,
            loan: profile.plan.loan,
          });
        } catch (error) {
          // The answers changed since the plan was kept (e.g. a measure is now done): say so rather than fail the read.
          if (!(error instanceof PlanError)) throw error;
          answer.errors = [{ code: 'plan_outdated', message: error.message }];
        }
      }
    }
    res.set('Cache-Control', 'private, no-store').json(answer);
  });

  router.get('/:id/plan/suggestions', async (req, res) => {
    const row = await property(req);
    const profile = await ownProfile(req, row);
    const prepared = await planContext(req, row, profile);
    const answer: PlanSuggestionsResponse =
      'errors' in prepared
        ? { suggestions: [], errors: prepared.errors.map(({ code, message }) => ({ code, message })) }
        : { suggestions: suggestPlans(prepared.building, { ctx: prepared.ctx }), errors: [] };
    res.set('Cache-Control', 'private, no-store').json(answer);
  });

  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: EPC_DOCUMENT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024 },
  }).single('file');
  const receiveDocument: RequestHandler = (req, res, next) =>
    upload(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError) {
        const tooLarge = error.code === 'LIMIT_FILE_SIZE';
        return next(
          new HttpError(
            tooLarge ? 413 : 400,
            tooLarge ? 'payload_too_large' : 'bad_request',
            tooLarge ? 'The document is larger than 10 MB.' : `Upload: ${error.message}`,
          ),
        );
      }
      next(
        new HttpError(
          400,
          'bad_request',
          'Send the document as multipart/form-data with the file in the field "file".',
        ),
      );
    });

  const quota: DocumentQuota = {
    perProperty: options.documents.DOCUMENTS_PER_PROPERTY,
    bytesPerDay: options.documents.DOCUMENT_MB_PER_DAY * 1024 * 1024,
  };
  const uploadsPerIp = documentUploadLimiter(
    options.db,
    'document-ip',
    options.documents.DOCUMENT_RATE_LIMIT,
    (req) => `ip:${ipOf(req)}`,
  );
  const uploadsPerOwner = documentUploadLimiter(
    options.db,
    'document-owner',
    options.documents.DOCUMENT_RATE_LIMIT,
    (_req, res) => `owner:${res.locals.documentOwner as string}`,
  );

  /**
   * Only the property's owner uploads: the signed-in homeowner with it in their profile, or the session that answered
   * for it. Anyone else gets the 404 of every other non-owner read; quota checks before the body is received.
   */
  const documentOwner: RequestHandler = async (req, res, next) => {
    const row = await property(req);
    const owner = ownerOf(req, false);
    const profile = await readProfile(db, owner, row.id);
    if (!owner || !profile || (owner.kind === 'visitor' && !holdsSomething(profile))) {
      throw new HttpError(
        404,
        'not_found',
        'You have no profile for this property. Answer its questions before uploading a certificate.',
      );
    }
    res.locals.documentOwner = ownerKeyOf(owner);
    const over = overQuota(await documentUse(db, owner, row.id), quota, 0);
    if (over) throw new HttpError(413, 'quota_exceeded', over);
    if (!req.is('multipart/form-data'))
      throw new HttpError(
        400,
        'bad_request',
        'Send the document as multipart/form-data with the file in the field "file".',
      );
    next();
  };

  // An uploaded energy performance certificate: stored and pending validation by staff; not a label until approved.
  router.post('/:id/document', uploadsPerIp, documentOwner, uploadsPerOwner, receiveDocument, async (req, res) => {
    const row = await property(req);
    const fields = parse(epcDocumentFieldsSchema, { ...req.body }, 'body');
    const file = req.file;
    if (!file || file.size === 0)
      throw new HttpError(400, 'bad_request', 'file: attach the energy performance certificate (PDF, JPEG or PNG).', [
        { path: 'body.file', message: 'missing' },
      ]);
    const contentType = sniffDocumentType(file.buffer);
    if (!contentType)
      throw new HttpError(400, 'bad_request', 'file: must be a PDF, JPEG or PNG.', [
        { path: 'body.file', message: 'unsupported type' },
      ]);
    const owner = ownerOf(req, false) as Owner;
    const existing = await readProfile(db, owner, row.id);
    const { organisationId } = await definitionsFor(req, existing);
    const profile =
      existing?.id != null ? existing : await updateProfile(db, owner, row.id, organisationId, () => ({}));
    const stored = await insertEpcDocumentWithinQuota(
      db,
      owner,
      quota,
      {
        profileId: profile.id!,
        propertyId: row.id,
        fileName: file.originalname.slice(0, 255) || 'document',
        contentType,
        content: file.buffer,
        energyClass: fields.energy_class,
        ep: fields.ep ?? null,
        issuedAt: fields.issued_at ?? null,
      },
      options.documentStore ?? null,
    );
    if ('over' in stored) throw new HttpError(413, 'quota_exceeded', stored.over);
    res.status(201).json({ document: stored.document });
  });

  return router;
}
