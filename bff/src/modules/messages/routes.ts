import { Router } from 'express';
import { noQuery } from '../../http/input-guards';
import { z } from 'zod';
import {
  contentItemInputSchema,
  contentListQuerySchema,
  contentQuerySchema,
  type ContentItem,
  type ContentList,
  type FlowMessage,
  type FlowMessageList,
  type ContentLanguage as Language,
} from '@home-energy/shared/schemas/content';
import { todayStockholm } from '@home-energy/shared/schemas/dates';
import type { Db } from '../../db/client';
import { flowOrganisation } from '../flow/brand';
import { HttpError, parse } from '../../http/errors';
import { requireConsoleItem } from '../../auth/guards';
import { isUniqueViolation } from '../admin/validate';
import { audit } from '../audit/record';
import {
  createMessage,
  deleteMessage,
  findMessage,
  listMessages,
  messageOrganisation,
  messagesShown,
  updateMessage,
  type MessageColumns,
  type MessageOrganisation as Organisation,
  type MessageRow as Row,
} from './repository';
import { idParamsSchema } from '@home-energy/shared/schemas/ids';

function flowView(row: Row): FlowMessage {
  return {
    id: row.id,
    slug: row.slug,
    type: row.type,
    title: row.title,
    key: row.key,
    content: row.content,
    date: row.date,
    valid_until: row.validUntil,
    language: row.language as Language | null,
    image: row.image,
    activity: row.activity,
    require_terms: row.requireTerms,
  };
}

function view(row: Row, organisation: Organisation): ContentItem {
  return { ...flowView(row), organisation, updated_at: row.updatedAt.toISOString() };
}

/**
 * The messages a reader of `lng` gets, per key and activity: those written in `lng` or in no language; where a key or
 * activity has none such, those in the other language (better a message in Swedish than none).
 */
function inReadersLanguage<T extends { key: string; activity: string | null; language: string | null }>(
  items: T[],
  lng: Language | undefined,
): T[] {
  if (!lng) return items;
  const readable = new Set(
    items.filter((m) => m.language === null || m.language === lng).map((m) => `${m.key}|${m.activity}`),
  );
  return items.filter((m) => m.language === null || m.language === lng || !readable.has(`${m.key}|${m.activity}`));
}

const idParams = idParamsSchema;

/** 409 naming the field whose value is taken (code `taken`), so the editor says so at the field. */
function slugTaken(slug: string): HttpError {
  const message = `A message with the slug "${slug}" exists already. Choose another slug.`;
  return new HttpError(409, 'conflict', message, [{ path: 'body.slug', code: 'taken', message }]);
}

function columns(input: z.infer<typeof contentItemInputSchema>, organisationId: number | null): MessageColumns {
  return {
    slug: input.slug,
    type: input.type,
    title: input.title,
    key: input.key,
    content: input.content,
    date: input.date ?? null,
    image: input.image ?? null,
    activity: input.activity ?? null,
    requireTerms: input.require_terms,
    validUntil: input.valid_until ?? null,
    language: input.language ?? null,
    organisationId: input.all_brands ? null : organisationId,
  };
}

/**
 * /api/console/org/{org}/messages (super admins): the platform's knowledge base, listed, created, edited and deleted.
 * The flow reads it through GET /api/flow/messages (flowMessageRoutes).
 */
export function messageRoutes(db: Db): Router {
  const router = Router({ mergeParams: true });
  router.use(requireConsoleItem('messages'));

  async function find(id: number): Promise<Row> {
    const row = await findMessage(db, id);
    if (!row) throw new HttpError(404, 'not_found', 'No such message.');
    return row;
  }

  const organisationOf = (row: Row): Promise<Organisation> => messageOrganisation(db, row);

  router.get('/', async (req, res) => {
    const query = parse(contentListQuerySchema, req.query, 'query');
    const rows = await listMessages(db, { q: query.q, type: query.type });
    const body: ContentList = { items: rows.map((r) => view(r.item, r.organisation)) };
    res.set('Cache-Control', 'no-store').json(body);
  });

  router.get('/:id', noQuery, async (req, res) => {
    const { id } = parse(idParams, req.params, 'params');
    const row = await find(id);
    res.set('Cache-Control', 'no-store').json(view(row, await organisationOf(row)));
  });

  router.post('/', async (req, res) => {
    const input = parse(contentItemInputSchema, req.body, 'body');
    try {
      const created = await createMessage(db, columns(input, req.organisation!.id), (tx, row) =>
        audit(tx, req, res, {
          action: 'message.create',
          target: `message:${row.slug}`,
          organisationId: req.organisation!.id,
          details: { id: row.id, key: row.key },
        }),
      );
      res.status(201).json(view(created, await organisationOf(created)));
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken(input.slug);
      throw error;
    }
  });

  router.put('/:id', async (req, res) => {
    const { id } = parse(idParams, req.params, 'params');
    const input = parse(contentItemInputSchema, req.body, 'body');
    const before = await find(id);
    try {
      // A message kept for one organisation stays that organisation's when edited from another one's console.
      const next = columns(input, before.organisationId ?? req.organisation!.id);
      const updated = await updateMessage(db, id, next, (tx, row) => {
        const changed = (Object.keys(next) as (keyof typeof next)[]).filter(
          (k) => JSON.stringify(before[k]) !== JSON.stringify(row[k]),
        );
        return audit(tx, req, res, {
          action: 'message.update',
          target: `message:${row.slug}`,
          organisationId: req.organisation!.id,
          details: { id, changed },
        });
      });
      res.json(view(updated, await organisationOf(updated)));
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken(input.slug);
      throw error;
    }
  });

  router.delete('/:id', async (req, res) => {
    const { id } = parse(idParams, req.params, 'params');
    const before = await find(id);
    await deleteMessage(db, before, (tx) =>
      audit(tx, req, res, {
        action: 'message.delete',
        target: `message:${before.slug}`,
        organisationId: req.organisation!.id,
        details: { id, key: before.key, title: before.title },
      }),
    );
    res.status(204).end();
  });

  return router;
}

/**
 * GET /api/flow/messages?key=&activity=&lng=: the knowledge base items the flow shows at a place (key) or for a
 * recommendation (activity), to the request's brand (flowOrganisation: a signed-in homeowner's is their
 * organisation's), only between their first (date) and last day (valid_until), in the reader's language.
 */
export function flowMessageRoutes(db: Db, options: { defaultBrand: string; now?: () => number }): Router {
  const router = Router();
  const now = options.now ?? Date.now;
  router.get('/messages', async (req, res) => {
    // The brand hint every flow call may carry (FLOW_QUERY) is read by flowOrganisation, not by the schema.
    const { owner: _brand, ...asked } = req.query;
    const query = parse(contentQuerySchema, asked, 'query');
    const organisation = await flowOrganisation(db, req, options.defaultBrand);
    const rows = await messagesShown(db, query, organisation?.id ?? null, todayStockholm(now()));
    const body: FlowMessageList = { items: inReadersLanguage(rows.map(flowView), query.lng) };
    // Edits in the console show on the next request (no deploy, no stale copies); the answer depends on the session's
    // brand.
    res.set('Cache-Control', 'private, no-cache').json(body);
  });
  return router;
}
