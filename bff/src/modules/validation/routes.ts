import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import type { ObjectStore } from '../../storage/object-store';
import { noQuery } from '../../http/input-guards';
import { z } from 'zod';
import {
  answersReviewSchema,
  documentApprovalSchema,
  documentIdSchema,
  rejectionSchema,
  validationQueueQuerySchema,
  type ValidationQueue,
} from '@home-energy/shared/schemas/validation-queue';
import type { Db } from '../../db/client';
import { HttpError, parse } from '../../http/errors';
import { requireConsoleItem } from '../../auth/guards';
import { audit } from '../audit/record';
import { documentFileName, servedDocumentType } from '../building/document-file';
import {
  findOrganisationDocument,
  findOrganisationProfile,
  openValidationCount,
  reviewDocument,
  saveAnswersReview,
  validationQueue,
  type IssuedEpc,
} from './repository';
import { idParamsSchema } from '@home-energy/shared/schemas/ids';

const documentParams = z.object({ id: documentIdSchema });
const profileParams = idParamsSchema;

function notFound(): HttpError {
  return new HttpError(404, 'not_found', 'No such item in this organisation.');
}

/**
 * /api/console/org/{org}/validation (feature platform_validation): the queue, the uploaded documents (download,
 * approve → the property's issued label, reject) and staff's review of implausible answers. Every action is audited.
 */
export function validationRoutes(db: Db, documentStore: ObjectStore | null = null): Router {
  const router = Router({ mergeParams: true });
  router.use(requireConsoleItem('validation'));

  router.get('/', async (req, res) => {
    const { limit } = parse(validationQueueQuerySchema, req.query, 'query');
    const organisationId = req.organisation!.id;
    const body: ValidationQueue = {
      items: await validationQueue(db, organisationId, limit),
      open: await openValidationCount(db, organisationId),
    };
    res.set('Cache-Control', 'no-store').json(body);
  });

  // Staff read a homeowner's document: recorded like a write, since it is personal data.
  router.get('/documents/:id/file', noQuery, async (req, res) => {
    const { id } = parse(documentParams, req.params, 'params');
    const document = await findOrganisationDocument(db, req.organisation!.id, id);
    if (!document) throw notFound();
    const object = document.content ? null : await documentStore?.get(document.id);
    if (!document.content && !object)
      throw new HttpError(
        503,
        'unavailable',
        'The document is in the object store, which is not configured here or does not have it (S3_ENDPOINT, ' +
          'S3_BUCKET).',
      );
    await audit(db, req, res, {
      action: 'epc_document.download',
      target: `epc_document:${id}`,
      organisationId: req.organisation!.id,
      details: { propertyId: document.propertyId },
    });
    // Named and typed by the server (building/document-file.ts), never by the uploader: a file called x.html is no
    // page.
    res.attachment(documentFileName(document.id, document.contentType)).set({
      'Content-Type': servedDocumentType(document.contentType),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    });
    if (document.content) return void res.send(document.content);
    res.setHeader('Content-Length', String(object!.info.size));
    await pipeline(object!.body, res);
  });

  router.post('/documents/:id/approve', async (req, res) => {
    const { id } = parse(documentParams, req.params, 'params');
    const approval = parse(documentApprovalSchema, req.body, 'body');
    const document = await findOrganisationDocument(db, req.organisation!.id, id);
    if (!document) throw notFound();
    if (document.status !== 'pending')
      throw new HttpError(409, 'conflict', `This document was ${document.status} already.`);
    const issued: IssuedEpc = {
      class: approval.energy_class ?? document.energyClass,
      issued_at: approval.issued_at === undefined ? document.issuedAt : approval.issued_at,
      ep: approval.ep === undefined ? document.ep : approval.ep,
      source: 'document' as const,
    };
    const review = {
      documentId: id,
      reviewerId: Number(req.user!.id),
      status: 'approved',
      propertyId: document.propertyId,
      issued,
    } as const;
    const moved = await reviewDocument(db, review, (tx) =>
      audit(tx, req, res, {
        action: 'epc_document.approve',
        target: `epc_document:${id}`,
        organisationId: req.organisation!.id,
        details: { propertyId: document.propertyId, issued },
      }),
    );
    if (!moved) throw new HttpError(409, 'conflict', 'This document was reviewed already.');
    res.json({ document: { id, status: 'approved' }, issued_epc: issued });
  });

  router.post('/documents/:id/reject', async (req, res) => {
    const { id } = parse(documentParams, req.params, 'params');
    const { reason } = parse(rejectionSchema, req.body, 'body');
    const document = await findOrganisationDocument(db, req.organisation!.id, id);
    if (!document) throw notFound();
    const moved = await reviewDocument(
      db,
      { documentId: id, reviewerId: Number(req.user!.id), status: 'rejected' },
      (tx) =>
        audit(tx, req, res, {
          action: 'epc_document.reject',
          target: `epc_document:${id}`,
          organisationId: req.organisation!.id,
          details: { propertyId: document.propertyId, reason },
        }),
    );
    if (!moved) throw new HttpError(409, 'conflict', `This document was ${document.status} already.`);
    res.json({ document: { id, status: 'rejected' } });
  });

  router.post('/profiles/:id/review', async (req, res) => {
    const { id } = parse(profileParams, req.params, 'params');
    const review = parse(answersReviewSchema, req.body, 'body');
    const found = await findOrganisationProfile(db, req.organisation!.id, id);
    if (!found) throw notFound();
    if (!found.insights || found.insights.issues.length === 0)
      throw new HttpError(409, 'conflict', 'These answers fail no plausibility rule.');
    const values = {
      answersHash: found.insights.answersHash,
      outcome: review.outcome,
      note: review.note ?? null,
      reviewedBy: Number(req.user!.id),
      reviewedAt: new Date(),
    };
    await saveAnswersReview(db, id, values, (tx) =>
      audit(tx, req, res, {
        action: `answers.${review.outcome === 'accepted' ? 'accept' : 'reject'}`,
        target: `profile:${id}`,
        organisationId: req.organisation!.id,
        details: { issues: found.insights!.issues, note: review.note ?? null },
      }),
    );
    res.json({ profile_id: id, outcome: review.outcome });
  });

  return router;
}
