import { Router } from 'express';
import { noQuery } from '../../http/input-guards';
import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  contentItemInputSchema,
  contentListQuerySchema,
  contentQuerySchema,
  type ContentItem,
  type ContentList,
} from '@home-energy/shared/schemas/content';
import type { Db } from '../../db/client';
import { contentItems } from '../../db/schema';
import { HttpError, parse } from '../../http/errors';
import { requireConsoleItem } from '../../auth/guards';
import { isUniqueViolation } from '../admin/validate';
import { audit } from '../audit/record';
import { containsPattern } from '../../db/like';

type Row = typeof contentItems.$inferSelect;

function view(row: Row): ContentItem {
  return {
    id: row.id,
    slug: row.slug,
    type: row.type,
    title: row.title,
    key: row.key,
    content: row.content,
    date: row.date,
    image: row.image,
    activity: row.activity,
    require_terms: row.requireTerms,
    updated_at: row.updatedAt.toISOString(),
  };
}

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

function slugTaken(slug: string): HttpError {
  return new HttpError(409, 'conflict', `A message with the slug "${slug}" exists already. Choose another slug.`);
}

function columns(input: z.infer<typeof contentItemInputSchema>) {
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
    const row = await db.query.contentItems.findFirst({ where: eq(contentItems.id, id) });
    if (!row) throw new HttpError(404, 'not_found', 'No such message.');
    return row;
  }

  router.get('/', async (req, res) => {
    const query = parse(contentListQuerySchema, req.query, 'query');
    const conditions: SQL[] = [];
    if (query.q) conditions.push(or(ilike(contentItems.title, containsPattern(query.q)), ilike(contentItems.key, containsPattern(query.q)), ilike(contentItems.slug, containsPattern(query.q)))!);
    if (query.type) conditions.push(eq(contentItems.type, query.type));
    const rows = await db.select().from(contentItems).where(conditions.length ? and(...conditions) : undefined).orderBy(asc(contentItems.key), asc(contentItems.slug));
    const body: ContentList = { items: rows.map(view) };
    res.set('Cache-Control', 'no-store').json(body);
  });

  router.get('/:id', noQuery, async (req, res) => {
    const { id } = parse(idParams, req.params, 'params');
    res.set('Cache-Control', 'no-store').json(view(await find(id)));
  });

  router.post('/', async (req, res) => {
    const input = parse(contentItemInputSchema, req.body, 'body');
    try {
      const created = await db.transaction(async (tx) => {
        const [row] = await tx.insert(contentItems).values(columns(input)).returning();
        await audit(tx, req, res, { action: 'message.create', target: `message:${row!.slug}`, organisationId: req.organisation!.id, details: { id: row!.id, key: row!.key } });
        return row!;
      });
      res.status(201).json(view(created));
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
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx.update(contentItems).set({ ...columns(input), updatedAt: new Date() }).where(eq(contentItems.id, id)).returning();
        const changed = (Object.keys(columns(input)) as (keyof ReturnType<typeof columns>)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(row![k]));
        await audit(tx, req, res, { action: 'message.update', target: `message:${row!.slug}`, organisationId: req.organisation!.id, details: { id, changed } });
        return row!;
      });
      res.json(view(updated));
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken(input.slug);
      throw error;
    }
  });

  router.delete('/:id', async (req, res) => {
    const { id } = parse(idParams, req.params, 'params');
    const before = await find(id);
    await db.transaction(async (tx) => {
      await tx.delete(contentItems).where(eq(contentItems.id, id));
      await audit(tx, req, res, { action: 'message.delete', target: `message:${before.slug}`, organisationId: req.organisation!.id, details: { id, key: before.key, title: before.title } });
    });
    res.status(204).end();
  });

  return router;
}

/** GET /api/flow/messages?key=&activity=: the knowledge base items the flow shows at a place (key) or for a recommendation. */
export function flowMessageRoutes(db: Db): Router {
  const router = Router();
  router.get('/messages', async (req, res) => {
    const query = parse(contentQuerySchema, req.query, 'query');
    const conditions: SQL[] = [];
    if (query.key) conditions.push(eq(contentItems.key, query.key));
    if (query.activity) conditions.push(eq(contentItems.activity, query.activity));
    const rows = await db.select().from(contentItems).where(and(...conditions)).orderBy(asc(contentItems.date), asc(contentItems.slug)).limit(100);
    const body: ContentList = { items: rows.map(view) };
    // Edits in the console show on the next request (no deploy, no stale copies).
    res.set('Cache-Control', 'public, no-cache').json(body);
  });
  return router;
}
