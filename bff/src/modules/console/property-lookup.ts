import { Router } from 'express';
import { noQuery } from '../../http/input-guards';
import { and, asc, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import {
  propertyLookupQuerySchema,
  type PropertyLookupDetail,
  type PropertyLookupHit,
  type PropertyLookupProfile,
  type ProfileView,
} from '@home-energy/shared/schemas/property-lookup';
import type { BuildingResponse, Consumption, Rates } from '@home-energy/shared/schemas/property-flow';
import type { Db } from '../../db/client';
import { buildingProfiles, homeowners, organisations, properties } from '../../db/schema';
import type { GeoTables } from '../../energy/geo-data';
import { HttpError, parse } from '../../http/errors';
import { requireConsoleItem } from '../../auth/guards';
import { normalizePostalCode, normalizeStreet } from '../../register/search';
import { audit } from '../audit/record';
import { recordAccess } from '../privacy/access-log';
import { profileDocuments } from '../building/repository';
import { computeBuilding, registerAnswers } from '../building/service';
import { organisationRates } from '../configuration/repository';
import { startsWithPattern } from '../../db/like';
import { idParamsSchema } from '@home-energy/shared/schemas/ids';

const idParams = idParamsSchema;

/**
 * /api/console/org/{org}/property-lookup (super admins): find any property by address (or id) and read a homeowner's
 * home as the results page shows it, computed from their answers without their session and without writing anything.
 * Opening a profile is personal data, so it is audited like a write.
 */
export function propertyLookupRoutes({ db, geo, now }: { db: Db; geo: GeoTables; now: () => number }): Router {
  const router = Router({ mergeParams: true });
  router.use(requireConsoleItem('property_lookup'));

  /** Profiles with their owner's masked personal number and their organisation, newest first. */
  function profileRows(where: SQL) {
    return db
      .select({
        profile: buildingProfiles,
        homeowner: homeowners.personalNumberMasked,
        orgSlug: organisations.slug,
        orgName: organisations.name,
      })
      .from(buildingProfiles)
      .leftJoin(homeowners, eq(homeowners.id, buildingProfiles.homeownerId))
      .leftJoin(organisations, eq(organisations.id, buildingProfiles.organisationId))
      .where(where)
      .orderBy(desc(buildingProfiles.updatedAt));
  }

  async function profilesOf(propertyIds: number[]) {
    if (propertyIds.length === 0) return [];
    return profileRows(inArray(buildingProfiles.propertyId, propertyIds));
  }

  function profileView(row: Awaited<ReturnType<typeof profilesOf>>[number]): PropertyLookupProfile {
    return {
      id: row.profile.id,
      owner: row.profile.homeownerId !== null ? 'homeowner' : 'visitor',
      homeowner: row.homeowner ?? null,
      organisation: row.orgSlug ? { slug: row.orgSlug, name: row.orgName! } : null,
      calculated_class: row.profile.calculatedClass,
      created_at: row.profile.createdAt.toISOString(),
      updated_at: row.profile.updatedAt.toISOString(),
    };
  }

  router.get('/search', async (req, res) => {
    const query = parse(propertyLookupQuerySchema, req.query, 'query');
    const postalCode = query.postal_code ? normalizePostalCode(query.postal_code) : null;
    const asId = /^\d{1,9}$/.test(query.q) ? Number(query.q) : null;
    const prefix = normalizeStreet(query.q);
    // Symbols alone (%, _, an emoji) normalise to nothing, and an empty prefix would match every property.
    if (asId === null && !prefix) {
      res.set('Cache-Control', 'no-store').json({ properties: [] });
      return;
    }
    const rows = await db
      .select({
        id: properties.id,
        name: properties.name,
        postalCode: properties.postalCode,
        postalCity: properties.postalCity,
      })
      .from(properties)
      .where(
        asId !== null
          ? eq(properties.id, asId)
          : and(
              like(properties.streetKey, startsWithPattern(prefix)),
              postalCode ? eq(properties.postalCode, postalCode) : undefined,
            ),
      )
      .orderBy(asc(properties.streetKey), asc(properties.postalCode))
      .limit(20);
    const counts = rows.length
      ? await db
          .select({ propertyId: buildingProfiles.propertyId, n: sql<number>`count(*)::int` })
          .from(buildingProfiles)
          .where(
            inArray(
              buildingProfiles.propertyId,
              rows.map((r) => r.id),
            ),
          )
          .groupBy(buildingProfiles.propertyId)
      : [];
    const hits: PropertyLookupHit[] = rows.map((r) => ({
      id: r.id,
      name: r.name,
      postal_code: r.postalCode,
      postal_city: r.postalCity,
      profiles: counts.find((c) => c.propertyId === r.id)?.n ?? 0,
    }));
    res.set('Cache-Control', 'no-store').json({ properties: hits });
  });

  router.get('/properties/:id', noQuery, async (req, res) => {
    const { id } = parse(idParams, req.params, 'params');
    const property = await db.query.properties.findFirst({ where: eq(properties.id, id) });
    if (!property) throw new HttpError(404, 'not_found', 'No such property.');
    const profiles = await profilesOf([id]);
    const body: PropertyLookupDetail = {
      property: {
        id: property.id,
        name: property.name,
        postal_code: property.postalCode,
        postal_city: property.postalCity,
        price_area: property.priceArea,
      },
      register: registerAnswers(property),
      issued_epc: (property.issuedEpc as Record<string, unknown> | null) ?? null,
      profiles: profiles.map(profileView),
    };
    // The masked personal numbers are the homeowners' personal data: each is told who saw it.
    await recordAccess(
      db,
      req,
      profiles.flatMap((p) => (p.profile.homeownerId !== null ? [p.profile.homeownerId] : [])),
      'property_lookup',
    );
    res.set('Cache-Control', 'no-store').json(body);
  });

  router.get('/profiles/:id', noQuery, async (req, res) => {
    const { id } = parse(idParams, req.params, 'params');
    const [row] = await profileRows(eq(buildingProfiles.id, id));
    if (!row) throw new HttpError(404, 'not_found', 'No such profile.');
    const property = (await db.query.properties.findFirst({ where: eq(properties.id, row.profile.propertyId) }))!;
    const result = computeBuilding({
      property,
      answers: row.profile.answers as Record<string, unknown>,
      rates: (row.profile.rates ?? null) as Rates | null,
      consumption: (row.profile.consumption ?? null) as Consumption | null,
      documents: await profileDocuments(db, row.profile.id),
      geo,
      year: new Date(now()).getFullYear(),
      organisationRates: await organisationRates(db, row.profile.organisationId),
    });
    if (row.profile.homeownerId !== null) await recordAccess(db, req, [row.profile.homeownerId], 'property_lookup');
    await audit(db, req, res, {
      action: 'profile.view',
      target: `profile:${id}`,
      organisationId: row.profile.organisationId,
      details: { propertyId: property.id, owner: row.profile.homeownerId !== null ? 'homeowner' : 'visitor' },
    });
    const body: ProfileView = {
      id: 'primary',
      property: {
        id: property.id,
        name: property.name,
        addresses: [{ street: property.street, postal_code: property.postalCode, postal_city: property.postalCity }],
      },
      answers: row.profile.answers as BuildingResponse['answers'],
      register: result.register,
      recommendations: result.recommendations,
      information: result.information,
      errors: result.errors,
      profile: profileView(row),
    };
    res.set('Cache-Control', 'no-store').json(body);
  });

  return router;
}
