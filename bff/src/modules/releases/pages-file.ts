// A remote's pages as its release carries them, `pages.json` beside its manifest (shared/build/pages.cjs writes it
// from the remote's own route table and frames; docs/releases.md "A remote's pages"). The release check refuses a
// release whose pages file is not one (release-check.ts); the BFF reads it per release version (web/release-pages.ts).
import { z } from 'zod';
import { remotePackageSchema } from '@home-energy/shared/remotes';
import {
  PAGE_STATES,
  PARAM_KINDS,
  type PageRoute,
  type PageState,
  type PageStateRule,
  type ParamKind,
} from '@home-energy/shared/mfe/page-routes';

export const PAGES_FILE = 'pages.json';

/** A route pattern as react-router takes it: path segments, `:params` and a final `*`. */
const pattern = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_.:*/-]*$/, 'a route pattern (letters, digits, _ . - : * and /)');

const pageId = z.string().min(1).max(64);

const routeSchema: z.ZodType<PageRoute> = z.lazy(() =>
  z
    .object({
      path: pattern.optional(),
      index: z.boolean().optional(),
      page: pageId.optional(),
      children: z.array(routeSchema).max(100).optional(),
    })
    .strict(),
);

/**
 * Markup a frame may not hold: it is written into the page's HTML as it is, where the page's CSP already refuses any
 * inline script but the paint-first starter; elements that load or point anything elsewhere are refused as well.
 */
const UNSAFE_MARKUP =
  /<\s*\/?\s*(script|style|iframe|object|embed|base|meta|link|form|template|main|body|head|html)\b/i;

const frameSchema = z
  .object({
    title: z.string().max(200),
    html: z
      .string()
      .max(50_000)
      .refine((html) => !UNSAFE_MARKUP.test(html), 'a frame holds no script, style, frame, form or document element'),
  })
  .strict();

/** A frame in each language it is drawn in. */
const framesSchema = z.record(z.string().regex(/^[a-z]{2}$/, 'a language code'), frameSchema);

const STATE_RULES = Object.keys(PAGE_STATES) as [PageStateRule, ...PageStateRule[]];
const STATES = [...new Set(Object.values(PAGE_STATES).flat())] as [PageState, ...PageState[]];

const pageSchema = z
  .object({
    staff: z.boolean().optional(),
    params: z.record(z.string().max(32), z.enum(Object.keys(PARAM_KINDS) as [ParamKind, ...ParamKind[]])).optional(),
    data: z
      .array(
        z
          .object({
            path: z
              .string()
              .max(200)
              .regex(/^\/api\/[A-Za-z0-9_.:/-]*$/, 'an API path of this origin (/api/…)'),
            search: z.string().max(32).optional(),
            /** Named only for a homeowner's session: a preloaded 401 would reach the page after signing in. */
            session: z.literal('homeowner').optional(),
          })
          .strict(),
      )
      .max(10)
      .optional(),
    frame: framesSchema.optional(),
    /** The rule (PAGE_STATES) whose answer per request picks one of `stateFrames` over `frame`. */
    state: z.enum(STATE_RULES).optional(),
    stateFrames: z.partialRecord(z.enum(STATES), framesSchema).optional(),
    /** The page's own JS and CSS files in the release, loaded when it is opened: preloaded with its HTML. */
    files: z
      .array(
        z
          .string()
          .max(200)
          .regex(/^[\w.@-]+(\/[\w.@-]+)*\.(js|css)$/, 'a JS or CSS file of the release')
          .refine((file) => !file.split('/').includes('..'), 'a file inside the release'),
      )
      .max(20)
      .optional(),
  })
  .strict()
  .refine(
    (page) =>
      Object.keys(page.stateFrames ?? {}).every(
        (state) => page.state && (PAGE_STATES[page.state] as readonly string[]).includes(state),
      ),
    { message: "a frame for a state the page's rule does not answer", path: ['stateFrames'] },
  );

export const pagesFileSchema = z
  .object({
    remote: remotePackageSchema,
    mount: z.array(pattern).min(1).max(10),
    redirects: z
      .array(
        z
          .object({
            path: pattern,
            to: z
              .string()
              .max(200)
              .regex(/^\/[A-Za-z0-9_./-]*$/),
          })
          .strict(),
      )
      .max(10)
      .default([]),
    routes: z.array(routeSchema).max(200),
    pages: z.record(pageId, pageSchema),
    css: z
      .string()
      .max(500_000)
      .refine((css) => !/<\s*\/\s*style/i.test(css), 'CSS that ends its style element'),
  })
  .strict();

export type PagesFile = z.infer<typeof pagesFileSchema>;
export type DeclaredPage = PagesFile['pages'][string];

/** The pages file's problem as a sentence naming the field (null when it is one). */
export function pagesFileProblem(value: unknown): string | null {
  const parsed = pagesFileSchema.safeParse(value);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
  return `${PAGES_FILE} is not a remote's pages file (${issue?.message ?? 'invalid'}${where}).`;
}
