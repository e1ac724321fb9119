// A property's building as the GET routes read it, kept in a read cache until anything is written (db/read-cache.ts),
// with each answer's JSON, ETag and compressed forms made once (http/cached-answer.ts). Shared by the building routes
// and their fast path (fast-path.ts), so both serve the same entry and the same bytes.
import type { Request, Response } from 'express';
import { z } from 'zod';
import { idParamsSchema } from '@home-energy/shared/schemas/ids';
import type { InformationResponse, RecommendationsResponse } from '@home-energy/shared/schemas/property-flow';
import type { Db } from '../../db/client';
import { ReadCache } from '../../db/read-cache';
import { writeGenerationOfDb } from '../../db/write-generation';
import { CachedAnswer } from '../../http/cached-answer';
import { ownerKeyOf, type Owner } from './owner';
import type { BuildingResult } from './service';

/** A building's path parameters: the property's id, and the one building every property has. */
export const buildingParams = idParamsSchema.extend({
  building: z.literal('primary', { message: "the building id is 'primary'" }),
});

export type CachedAnswerName = 'recommendations' | 'information';

export interface CachedBuilding {
  result: BuildingResult;
  answers: Map<CachedAnswerName, CachedAnswer>;
}

export const buildingCache = (db: Db) =>
  new ReadCache<CachedBuilding>(writeGenerationOfDb(db), { name: 'building', max: 5_000 });

/** Everything a building's answer depends on besides the database: property, owner, brand and year. */
export const buildingKey = (propertyId: number, owner: Owner | null, brand: string, year: number) =>
  `${propertyId}|${ownerKeyOf(owner)}|${brand}|${year}`;

const bodies: Record<CachedAnswerName, (result: BuildingResult) => RecommendationsResponse | InformationResponse> = {
  recommendations: ({ recommendations, errors }) => ({ recommendations, errors }),
  information: ({ information, errors }) => ({ information, errors }),
};

/** Sends one of a cached building's answers: serialised, with its ETag and compressed forms, on first use only. */
export function sendCachedAnswer(req: Request, res: Response, building: CachedBuilding, which: CachedAnswerName) {
  let answer = building.answers.get(which);
  if (!answer) building.answers.set(which, (answer = new CachedAnswer(() => bodies[which](building.result))));
  answer.send(req, res, { 'Cache-Control': 'private, no-store' });
}
