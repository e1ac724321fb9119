// The knowledge base (spec §3 content item): messages super admins write in the console and the flow shows by key or
// by activity. Limits from the spec: slug, type, title and key 1–100, content 1–2000.
import { z } from 'zod';
import { calendarDaySchema } from './dates';
import { activityTypeSchema } from './energy';
import { isHttpsUrl, isSitePath } from './url';

const text100 = z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters');

/** A slug names the item in URLs and in the editor: lower-case letters, digits and dashes. */
export const contentSlugSchema = text100.regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'lower-case letters, digits and dashes');

/** A key the flow asks for, e.g. `results.intro` or `question.atemp`. */
export const contentKeySchema = text100.regex(/^[a-z0-9][a-z0-9._-]*$/i, 'letters, digits, dots, dashes and underscores');

const isImageRef = (value: string) => isSitePath(value) || isHttpsUrl(value);

/** What an editor sends (POST creates, PUT replaces). */
export const contentItemInputSchema = z
  .object({
    slug: contentSlugSchema,
    type: text100,
    title: text100,
    key: contentKeySchema,
    content: z.string().trim().min(1, 'must not be empty').max(2000, 'must be at most 2000 characters'),
    /** YYYY-MM-DD, e.g. when a subsidy rule starts. */
    date: calendarDaySchema.nullable().optional(),
    /** An https URL or a path on this site. */
    image: z.string().trim().max(255).refine(isImageRef, 'an https URL or a path starting with /').nullable().optional(),
    /** The recommendation (activity type) the message belongs to. */
    activity: activityTypeSchema.nullable().optional(),
    /** The flow asks the homeowner to accept the terms before going on. */
    require_terms: z.boolean().default(false),
  })
  .strict();
export type ContentItemInput = z.input<typeof contentItemInputSchema>;

export interface ContentItem {
  id: number;
  slug: string;
  type: string;
  title: string;
  key: string;
  content: string;
  date: string | null;
  image: string | null;
  activity: string | null;
  require_terms: boolean;
  updated_at: string;
}

/** GET /api/flow/messages?key=&activity= (at least one) and the console's list filter. */
export const contentQuerySchema = z
  .object({ key: contentKeySchema.optional(), activity: activityTypeSchema.optional() })
  .strict()
  .refine((q) => q.key !== undefined || q.activity !== undefined, { message: 'give key or activity', path: ['key'] });

export const contentListQuerySchema = z.object({ q: z.string().trim().max(100).optional(), type: text100.optional() }).strict();

export interface ContentList {
  items: ContentItem[];
}
