// The knowledge base (docs/product.md §3 content item): messages super admins write in the console and the flow shows
// by key or by activity, in the reader's language, between their first and last day, to the brands they are meant for.
// Limits from the spec: slug, type, title and key 1–100, content 1–2000.
import { z } from 'zod';
import { calendarDaySchema } from './dates';
import { LANGUAGES } from '../i18n/languages';
import { activityTypeSchema } from './energy';
import { isHttpsUrl, isSitePath } from './url';
import { lazySchema } from './lazy-schema';

export const contentLanguageSchema = lazySchema(() => z.enum(LANGUAGES));
export type ContentLanguage = z.infer<typeof contentLanguageSchema>;

const text100 = lazySchema(() =>
  z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
);

/** A slug names the item in URLs and in the editor: lower-case letters, digits and dashes. */
export const contentSlugSchema = text100.regex(
  /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/,
  'lower-case letters, digits and dashes',
);

/** The key of the messages shown with a question of the flow: `question.` and the question's key. */
export const questionMessageKey = (questionKey: string): string => `question.${questionKey}`;
export const QUESTION_MESSAGE_PREFIX = questionMessageKey('');

/**
 * The places a page shows many of, asked for in one request: every question's messages (keys starting with
 * QUESTION_MESSAGE_PREFIX) or every recommendation's (messages with an activity).
 */
export const MESSAGE_GROUPS = ['questions', 'recommendations'] as const;
export type MessageGroup = (typeof MESSAGE_GROUPS)[number];

/** A key the flow asks for, e.g. `results.intro` or `question.atemp` (questionMessageKey). */
export const contentKeySchema = text100.regex(
  /^[a-z0-9][a-z0-9._-]*$/i,
  'letters, digits, dots, dashes and underscores',
);

const isImageRef = (value: string) => isSitePath(value) || isHttpsUrl(value);

/** What an editor sends (POST creates, PUT replaces). */
export const contentItemInputSchema = lazySchema(() =>
  z
    .object({
      slug: contentSlugSchema,
      type: text100,
      title: text100,
      key: contentKeySchema,
      content: z.string().trim().min(1, 'must not be empty').max(2000, 'must be at most 2000 characters'),
      /** YYYY-MM-DD, e.g. when a subsidy rule starts: the first day homeowners see it. */
      date: calendarDaySchema.nullable().optional(),
      /** YYYY-MM-DD, the last day homeowners see it. */
      valid_until: calendarDaySchema.nullable().optional(),
      /** The language it is written in; null: shown whatever the reader's language. */
      language: contentLanguageSchema.nullable().optional(),
      /** Shown to homeowners of every brand, not only the organisation's own. */
      all_brands: z.boolean().default(false),
      /** An https URL or a path on this site. */
      image: z
        .string()
        .trim()
        .max(255)
        .refine(isImageRef, 'an https URL or a path starting with /')
        .nullable()
        .optional(),
      /** The recommendation (activity type) the message belongs to. */
      activity: activityTypeSchema.nullable().optional(),
      /** The flow asks the homeowner to accept the terms before going on. */
      require_terms: z.boolean().default(false),
    })
    .strict()
    .refine((i) => !i.date || !i.valid_until || i.valid_until >= i.date, {
      message: 'must not be before the first day (date)',
      path: ['valid_until'],
    }),
);
export type ContentItemInput = z.input<typeof contentItemInputSchema>;

/** A message as the flow shows it (GET /api/flow/messages): checked on arrival like every flow answer. */
export const flowMessageSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    slug: z.string(),
    type: z.string(),
    title: z.string(),
    key: z.string(),
    content: z.string(),
    date: z.string().nullable(),
    valid_until: z.string().nullable(),
    language: contentLanguageSchema.nullable(),
    image: z.string().nullable(),
    activity: z.string().nullable(),
    require_terms: z.boolean(),
  }),
);
export type FlowMessage = z.infer<typeof flowMessageSchema>;
export const flowMessageListSchema = lazySchema(() => z.object({ items: z.array(flowMessageSchema) }));
export type FlowMessageList = z.infer<typeof flowMessageListSchema>;

/** A message as the console edits it: who sees it as well. */
export interface ContentItem extends FlowMessage {
  /** The organisation whose brand alone sees it; null: every brand. */
  organisation: { slug: string; name: string } | null;
  updated_at: string;
}

/**
 * GET /api/flow/messages?key=&activity=&lng= (key or activity; both: the messages of either), or ?group=&lng= (every
 * place of a MESSAGE_GROUPS group, alone). `lng` is the reader's language: messages written in it or in none, else
 * (none such for a key or activity) those in the other language.
 */
export const contentQuerySchema = lazySchema(() =>
  z
    .object({
      key: contentKeySchema.optional(),
      activity: activityTypeSchema.optional(),
      group: z.enum(MESSAGE_GROUPS).optional(),
      lng: contentLanguageSchema.optional(),
    })
    .strict()
    .refine((q) => q.key !== undefined || q.activity !== undefined || q.group !== undefined, {
      message: 'give key, activity or group',
      path: ['key'],
    })
    .refine((q) => q.group === undefined || (q.key === undefined && q.activity === undefined), {
      message: 'a group stands alone: give it without key or activity',
      path: ['group'],
    }),
);

export const contentListQuerySchema = lazySchema(() =>
  z.object({ q: z.string().trim().max(100).optional(), type: text100.optional() }).strict(),
);

export interface ContentList {
  items: ContentItem[];
}
