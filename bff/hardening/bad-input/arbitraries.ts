// fast-check generators that break one thing of a valid request at a time: its ids, query, JSON body, form or upload.
import fc from 'fast-check';
import { YEARS_AHEAD } from '@home-energy/shared/schemas/dates';
import {
  BAD_COLOURS,
  BAD_HOSTS,
  BAD_IDS,
  BAD_QUERY_VALUES,
  BROKEN_TEXT,
  EXOTIC_TEXT,
  EXTREME_DATES,
  OFF_SITE_PATHS,
  PROTOTYPE_KEYS,
  VALUES_OF,
  isColourValue,
  isDateValue,
  isSitePathValue,
  jsonTypeOf,
  malformedJson,
} from './samples';
import type { BadRequest, FormBody, JsonBody, JsonType, MultipartBody, ObjectSpec, Path, RouteInput } from './types';

/** Above express.json's 100 kB limit on /api (and NextAuth's 10 kB forms): 413. */
export const HUGE_BODY_BYTES = 110 * 1024;

/** A group of bad requests of one kind: `cases` are enumerated (the first is always run), `random` varies them. */
interface Group {
  name: string;
  cases: BadRequest[];
  random?: fc.Arbitrary<BadRequest>;
  /** The cases always run (default: the first); e.g. each required field missing. */
  always?: BadRequest[];
}

const enc = encodeURIComponent;
const JSON_TYPE = { 'Content-Type': 'application/json' };

function pathWith(route: RouteInput, override: Record<string, string> = {}): string {
  return route.path
    .replace(/:([A-Za-z]+)/g, (_m, name: string) => override[name] ?? enc(route.params?.[name]?.valid ?? name))
    .replace(/\{\*([A-Za-z]+)\}/g, (_m, name: string) => override[name] ?? route.params?.[name]?.valid ?? name);
}

function validQuery(route: RouteInput): [string, string][] {
  return Object.entries(route.query ?? {}).map(([key, spec]) => [key, spec.valid]);
}

function urlOf(
  route: RouteInput,
  query: [string, string][] = validQuery(route),
  params: Record<string, string> = {},
  rawQuery = '',
): string {
  const parts = query.map(([k, v]) => `${enc(k)}=${enc(v)}`);
  if (rawQuery) parts.push(rawQuery);
  return `${pathWith(route, params)}${parts.length ? `?${parts.join('&')}` : ''}`;
}

/** The route's valid body with its headers (none for routes without a body). */
function validBody(route: RouteInput): Pick<BadRequest, 'headers' | 'body'> {
  const body = route.body;
  if (!body) return { headers: {} };
  if (body.kind === 'json') return { headers: { ...JSON_TYPE }, body: JSON.stringify(body.template) };
  if (body.kind === 'form')
    return {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body.template).toString(),
    };
  return multipart(body, {});
}

function request(route: RouteInput, label: string, parts: Partial<BadRequest>): BadRequest {
  return { label, method: route.method, url: urlOf(route), ...validBody(route), ...parts };
}

// ── dates ────────────────────────────────────────────────────────────────────────────────────────────────────────

/** A well-formed day outside the bounds every date takes: before 2000 or after the last year ahead, up to 9999. */
const outOfBoundsDay = fc
  .tuple(
    fc.oneof(
      fc.integer({ min: 0, max: 1999 }),
      fc.integer({ min: new Date().getUTCFullYear() + YEARS_AHEAD + 1, max: 9999 }),
    ),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 1, max: 28 }),
  )
  .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);

// ── ids ──────────────────────────────────────────────────────────────────────────────────────────────────────────

function idGroups(route: RouteInput): Group[] {
  return Object.entries(route.params ?? {}).map(([name, spec]) => {
    const ids = BAD_IDS[spec.kind];
    const cases = ids.map((bad) =>
      request(route, `params: ${name}=${bad.length > 40 ? `${bad.slice(0, 20)}…(${bad.length})` : bad}`, {
        url: urlOf(route, undefined, { [name]: bad }),
      }),
    );
    // The names every object has (`toString`, `__proto__`…): a lookup with `in` or `obj[name]` must not find them.
    const prototypeNames = PROTOTYPE_KEYS.map((key) =>
      request(route, `params: ${name}=${key}`, { url: urlOf(route, undefined, { [name]: enc(key) }) }),
    );
    // Always: the first three (negative, zero, huge…), the traversal, the two very long ones and the prototype's names;
    // the rest at random.
    return {
      name: `param ${name}`,
      cases: [...cases, ...prototypeNames],
      always: [...cases.filter((_, i) => i < 3 || i >= ids.length - 2 || ids[i]!.startsWith('..')), ...prototypeNames],
    };
  });
}

// ── query ────────────────────────────────────────────────────────────────────────────────────────────────────────

const unknownKey = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9_]{0,12}$/).map((k) => `x_${k}`),
  fc.constantFrom(...PROTOTYPE_KEYS, 'valueOf', 'superAdmin', 'x[y]', 'x.y', 'ünïcode', '\u202ekey'),
);

function queryGroups(route: RouteInput): Group[] {
  const base = validQuery(route);
  const withQuery = (label: string, query: [string, string][], raw = '') =>
    request(route, `query: ${label}`, { url: urlOf(route, query, {}, raw) });
  const groups: Group[] = [];
  // The prototype's names as query keys, all at once on every run (each alone at random); a route that takes no such
  // parameter names the first, a protocol route only must not fail.
  const prototypeKeys = PROTOTYPE_KEYS.map((key) => ({
    ...withQuery(`key ${key}`, [...base, [key, '1']]),
    ...(route.protocol ? {} : { mustName: key }),
  }));
  groups.push({
    name: 'query prototype keys',
    cases: prototypeKeys,
    always: [
      {
        ...withQuery(`keys ${PROTOTYPE_KEYS.join(', ')}`, [
          ...base,
          ...PROTOTYPE_KEYS.map((key): [string, string] => [key, '1']),
        ]),
        ...(route.protocol ? {} : { mustName: PROTOTYPE_KEYS[0] }),
      },
    ],
  });
  if (!route.protocol) {
    groups.push({
      name: 'query unknown parameter',
      cases: [
        { ...withQuery('unknown x_unknown=1', [...base, ['x_unknown', '1']]), mustName: 'x_unknown' },
        { ...withQuery('unknown repeated', [...base, ['x_a', '1'], ['x_a', '2']]), mustName: 'x_a' },
      ],
      random: fc.tuple(unknownKey, fc.string({ maxLength: 20 })).map(([key, value]) => ({
        ...withQuery(`unknown ${JSON.stringify(key)}`, [...base, [key, value]]),
        mustName: key,
      })),
    });
  }
  for (const [key, spec] of Object.entries(route.query ?? {})) {
    if (spec.lenient) continue;
    const others = base.filter(([k]) => k !== key);
    const always: BadRequest[] = [
      withQuery(`${key} repeated`, [...base, [key, spec.valid]]),
      ...(spec.emptyOk ? [] : [withQuery(`${key} empty`, [...others, [key, '']])]),
      withQuery(`${key} over-long`, [
        ...others,
        [key, spec.kind === 'text' ? 'a'.repeat((spec.max ?? 255) + 1) : `${spec.valid}${'1'.repeat(300)}`],
      ]),
      ...BAD_QUERY_VALUES[spec.kind]
        .slice(0, 2)
        .map((bad) => withQuery(`${key}=${JSON.stringify(bad)}`, [...others, [key, bad]])),
    ];
    const cases: BadRequest[] = [
      ...always,
      ...BAD_QUERY_VALUES[spec.kind]
        .slice(2)
        .map((bad) => withQuery(`${key}=${JSON.stringify(bad)}`, [...others, [key, bad]])),
    ];
    // Unicode in a format (an id, date, enum…) is always wrong; in free text only NUL is.
    if (spec.kind !== 'text')
      cases.push(
        ...EXOTIC_TEXT.map((u) =>
          withQuery(`${key} with ${JSON.stringify(u)}`, [...others, [key, `${u}${spec.valid}`]]),
        ),
      );
    groups.push({
      name: `query ${key}`,
      cases,
      always,
      random:
        spec.kind === 'text'
          ? fc
              .integer({ min: (spec.max ?? 255) + 1, max: (spec.max ?? 255) + 2000 })
              .map((n) => withQuery(`${key} of ${n} characters`, [...others, [key, 'q'.repeat(n)]]))
          : fc
              .string({ minLength: 1, maxLength: 30, unit: 'grapheme' })
              .map((s) => withQuery(`${key}=${JSON.stringify(`${s}\u0000`)}`, [...others, [key, `${s}\u0000`]])),
    });
    if (spec.kind === 'date') {
      // Each extreme with the other parameters as they are, and alone (a range's other end left out).
      const alone = base.filter(([k]) => route.query?.[k]?.kind !== 'date');
      const extremes = EXTREME_DATES.flatMap((bad) => [
        withQuery(`${key}=${bad}`, [...others, [key, bad]]),
        withQuery(`${key}=${bad} alone`, [...alone, [key, bad]]),
      ]);
      groups.push({
        name: `query ${key} extreme dates`,
        cases: extremes,
        always: extremes,
        random: fc
          .tuple(outOfBoundsDay, fc.boolean())
          .map(([bad, single]) =>
            withQuery(`${key}=${bad}${single ? ' alone' : ''}`, [...(single ? alone : others), [key, bad]]),
          ),
      });
    }
  }
  return groups;
}

// ── JSON bodies ──────────────────────────────────────────────────────────────────────────────────────────────────

function at(value: unknown, path: Path): Record<string, unknown> {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value) as Record<
    string,
    unknown
  >;
}

function jsonMutation(
  route: RouteInput,
  body: JsonBody,
  label: string,
  mutate: (target: Record<string, unknown>) => void,
  object: ObjectSpec,
): BadRequest {
  const copy = structuredClone(body.template);
  mutate(at(copy, object.at));
  const where = object.at.length ? `${object.at.join('.')}.` : '';
  return request(route, `body: ${where}${label}`, { headers: { ...JSON_TYPE }, body: JSON.stringify(copy) });
}

/**
 * A string of at least `length` characters (code points, as zod and PostgreSQL count them) keeping the template's
 * format.
 */
function overLong(template: string, length: number, unit = 'a'): string {
  const filler = unit.repeat(Math.ceil(length / [...unit].length));
  return template.includes('://') ? `${template}/${filler}` : `${filler}${template}`;
}

function jsonGroups(route: RouteInput, body: JsonBody): Group[] {
  const valid = JSON.stringify(body.template);
  const groups: Group[] = [
    {
      name: 'malformed JSON',
      cases: malformedJson(valid).map((text) =>
        request(route, `malformed JSON ${JSON.stringify(text.slice(0, 40))}`, {
          headers: { ...JSON_TYPE },
          body: text,
        }),
      ),
      random: fc
        .string({ maxLength: 200, unit: 'binary' })
        .filter((text) => text.trim() !== '' && !parsesToObject(text))
        .map((text) =>
          request(route, `malformed JSON ${JSON.stringify(text.slice(0, 40))}`, {
            headers: { ...JSON_TYPE },
            body: text,
          }),
        ),
    },
    {
      name: 'content type',
      cases: [
        request(route, 'JSON sent as text/plain', {
          headers: { 'Content-Type': 'text/plain' },
          body: valid,
          status: 415,
        }),
        request(route, 'JSON sent as a form', {
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: valid,
          status: 415,
        }),
        request(route, 'JSON sent as XML', {
          headers: { 'Content-Type': 'application/xml' },
          body: valid,
          status: 415,
        }),
        // Only the upload routes take multipart: parsed as "no body" elsewhere, it would be read as {}.
        request(route, 'JSON sent as multipart', {
          headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
          body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n--${BOUNDARY}--\r\n`,
          status: 415,
        }),
        // body-parser decodes UTF-16 and then fails on what UTF-8 bytes read as: a 400, not a 415.
        request(route, 'JSON in UTF-16', {
          headers: { 'Content-Type': 'application/json; charset=utf-16' },
          body: valid,
        }),
        request(route, 'JSON in Latin-1', {
          headers: { 'Content-Type': 'application/json; charset=latin1' },
          body: valid,
          status: 415,
        }),
        request(route, 'JSON "gzip" that is not', {
          headers: { ...JSON_TYPE, 'Content-Encoding': 'gzip' },
          body: valid,
        }),
        request(route, 'JSON in an unknown encoding', {
          headers: { ...JSON_TYPE, 'Content-Encoding': 'x-unknown' },
          body: valid,
          status: 415,
        }),
      ],
    },
    hugeGroup(route, JSON_TYPE, (padding) => {
      const template = body.template;
      return JSON.stringify(Array.isArray(template) ? [...template, padding] : { ...(template as object), padding });
    }),
  ];
  for (const object of body.objects) {
    const target = at(body.template, object.at);
    const keys = Object.keys(target);
    const mutation = (label: string, mutate: (t: Record<string, unknown>) => void) =>
      jsonMutation(route, body, label, mutate, object);
    if (object.required.length > 0) {
      const missing = object.required.map((key) => mutation(`${key} missing`, (t) => delete t[key]));
      groups.push({ name: `missing at ${object.at.join('.')}`, cases: missing, always: missing });
    }
    const wrongByKey = keys.map((key) => {
      const allowed = new Set<JsonType>([jsonTypeOf(target[key]), ...(object.accepts?.[key] ?? [])]);
      return (Object.keys(VALUES_OF) as JsonType[])
        .filter((type) => !allowed.has(type))
        .flatMap((type) =>
          VALUES_OF[type].map((value) =>
            mutation(`${key} as ${type} ${JSON.stringify(value)}`, (t) => (t[key] = value)),
          ),
        );
    });
    const wrongTypes = wrongByKey.flat();
    const infinities = keys
      .filter((key) => typeof target[key] === 'number')
      .map((key) =>
        request(route, `body: ${key} = 1e400 (Infinity)`, {
          headers: { ...JSON_TYPE },
          body: JSON.stringify(body.template).replace(`"${key}":${JSON.stringify(target[key])}`, `"${key}":1e400`),
        }),
      )
      .filter((bad) => bad.body !== valid);
    // Every field once with a wrong type (the rest at random).
    if (wrongTypes.length > 0)
      groups.push({
        name: `wrong type at ${object.at.join('.')}`,
        cases: [...wrongTypes, ...infinities],
        always: wrongByKey.flatMap((list) => list.slice(0, 1)),
      });
    const unknownKeys: BadRequest[] = [
      { ...mutation('unknown key x_unknown', (t) => (t.x_unknown = 1)), mustName: 'x_unknown' },
      // Every name of the prototype as an own key at once, each valued with another type than its method's.
      {
        ...mutation(`unknown keys ${PROTOTYPE_KEYS.join(', ')}`, (t) => {
          const values: unknown[] = [{ superAdmin: true }, { prototype: { superAdmin: true } }, 'x', 1];
          PROTOTYPE_KEYS.forEach((key, i) =>
            Object.defineProperty(t, key, { value: values[i], enumerable: true, writable: true }),
          );
        }),
        mustName: '__proto__',
      },
      {
        ...mutation('unknown key __proto__', (t) =>
          Object.defineProperty(t, '__proto__', { value: { superAdmin: true }, enumerable: true }),
        ),
        mustName: '__proto__',
      },
    ];
    groups.push({
      name: `unknown key at ${object.at.join('.')}`,
      cases: unknownKeys,
      always: unknownKeys.slice(0, 2),
      random: fc.tuple(unknownKey, fc.jsonValue({ maxDepth: 2 })).map(([key, value]) => ({
        ...jsonMutation(
          route,
          body,
          `unknown key ${JSON.stringify(key)}`,
          (t) => Object.defineProperty(t, key, { value, enumerable: true, writable: true }),
          object,
        ),
        mustName: key,
      })),
    });
    const limits = Object.entries(object.maxLength ?? {});
    if (limits.length > 0) {
      const overLongCases = limits.flatMap(([key, max]) => [
        mutation(
          `${key} of ${max + 1} characters (limit ${max})`,
          (t) => (t[key] = overLong(String(target[key]), max + 1)),
        ),
        mutation(
          `${key} of ${max + 1}+ emoji (limit ${max})`,
          (t) => (t[key] = overLong(String(target[key]), max + 1, '😀')),
        ),
      ]);
      groups.push({
        name: `over-long at ${object.at.join('.')}`,
        cases: overLongCases,
        always: overLongCases,
        random: fc
          .tuple(fc.constantFrom(...limits), fc.integer({ min: 1, max: 5000 }), fc.constantFrom('a', 'é', '😀', ' x'))
          .map(([[key, max], extra, unit]) =>
            mutation(
              `${key} of ${max + extra}+ characters of ${JSON.stringify(unit)} (limit ${max})`,
              (t) => (t[key] = overLong(String(target[key]), max + extra, unit)),
            ),
          ),
      });
    }
    const strings = keys.filter((key) => typeof target[key] === 'string');
    if (strings.length > 0) {
      const free = new Set(object.freeText ?? []);
      const broken = strings.flatMap((key) =>
        BROKEN_TEXT.map((u) =>
          mutation(`${key} with ${JSON.stringify(u)}`, (t) => (t[key] = `${String(target[key])}${u}`)),
        ),
      );
      const exotic = strings
        .filter((key) => !free.has(key))
        .flatMap((key) =>
          EXOTIC_TEXT.map((u) =>
            mutation(`${key} starting with ${JSON.stringify(u)}`, (t) => (t[key] = `${u}${String(target[key])}`)),
          ),
        );
      groups.push({
        name: `unicode at ${object.at.join('.')}`,
        cases: [...broken, ...exotic],
        random: fc
          .tuple(
            fc.constantFrom(...strings),
            fc.string({ maxLength: 10, unit: 'grapheme' }),
            fc.constantFrom(...BROKEN_TEXT),
          )
          .map(([key, text, u]) =>
            mutation(`${key} with ${JSON.stringify(text + u)}`, (t) => (t[key] = `${text}${u}${String(target[key])}`)),
          ),
      });
    }
    const dates = keys.filter((key) => isDateValue(target[key]));
    if (dates.length > 0) {
      const extremes = dates.flatMap((key) =>
        EXTREME_DATES.map((bad) => mutation(`${key} = ${bad}`, (t) => (t[key] = bad))),
      );
      groups.push({
        name: `extreme dates at ${object.at.join('.')}`,
        cases: extremes,
        always: extremes,
        random: fc
          .tuple(fc.constantFrom(...dates), outOfBoundsDay)
          .map(([key, bad]) => mutation(`${key} = ${bad}`, (t) => (t[key] = bad))),
      });
    }
    // Fields with a pattern of their own: colours (#rrggbb) and paths on this site, each broken in every way (the first
    // way of each field on every run).
    const patterned = (name: string, isOfKind: (v: unknown) => boolean, bad: string[]) => {
      const fields = keys.filter((key) => isOfKind(target[key]));
      if (fields.length === 0) return;
      const cases = fields.map((key) =>
        bad.map((value) => mutation(`${key} = ${JSON.stringify(value)}`, (t) => (t[key] = value))),
      );
      groups.push({
        name: `${name} at ${object.at.join('.')}`,
        cases: cases.flat(),
        always: cases.map((list) => list[0]!),
      });
    };
    patterned('bad colours', isColourValue, BAD_COLOURS);
    patterned('paths off this site', isSitePathValue, OFF_SITE_PATHS);
    if (object.map) {
      groups.push({
        name: `unknown map key at ${object.at.join('.')}`,
        cases: [
          { ...mutation(`${object.map}: unknown key`, (t) => (t.x_not_a_key = 'x')), mustName: 'x_not_a_key' },
          mutation(`${object.map}: key of 256 characters`, (t) => (t['k'.repeat(256)] = 'x')),
          mutation(`${object.map}: NUL in a key`, (t) => (t['a\u0000'] = 'x')),
        ],
      });
    }
  }
  return groups;
}

function parsesToObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object';
  } catch {
    return false;
  }
}

function hugeGroup(
  route: RouteInput,
  headers: Record<string, string>,
  withPadding: (padding: string) => string,
): Group {
  return {
    name: 'huge body',
    cases: [
      request(route, `body of ${HUGE_BODY_BYTES} bytes`, {
        headers: { ...headers },
        body: withPadding('x'.repeat(HUGE_BODY_BYTES)),
        status: 413,
      }),
    ],
    random: fc.integer({ min: HUGE_BODY_BYTES, max: 4 * HUGE_BODY_BYTES }).map((n) =>
      request(route, `body of ${n} bytes`, {
        headers: { ...headers },
        body: withPadding('y'.repeat(n)),
        status: 413,
      }),
    ),
  };
}

// ── bodies of routes that take none: still no malformed JSON, no huge bodies ─────────────────────────────────────

function bodilessGroups(route: RouteInput): Group[] {
  return [
    {
      name: 'malformed JSON',
      cases: malformedJson('{"a":1}').map((text) =>
        request(route, `malformed JSON ${JSON.stringify(text.slice(0, 40))}`, {
          headers: { ...JSON_TYPE },
          body: text,
        }),
      ),
    },
    hugeGroup(route, JSON_TYPE, (padding) => JSON.stringify({ padding })),
  ];
}

// ── NextAuth forms ───────────────────────────────────────────────────────────────────────────────────────────────

function formGroups(route: RouteInput, form: FormBody): Group[] {
  const keys = Object.keys(form.template);
  const post = (label: string, fields: [string, string][], raw = '') => {
    const text = [new URLSearchParams(fields).toString(), raw].filter(Boolean).join('&');
    return request(route, `form: ${label}`, {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: text,
    });
  };
  const entries = Object.entries(form.template);
  const without = (key: string) => entries.filter(([k]) => k !== key);
  return [
    { name: 'form missing', cases: keys.map((key) => post(`${key} missing`, without(key))) },
    {
      name: 'form extra',
      cases: [post('extra field', [...entries, ['x_unknown', '1']])],
      random: fc
        .tuple(unknownKey, fc.string({ maxLength: 50 }))
        .map(([k, v]) => post(`extra ${JSON.stringify(k)}`, [...entries, [k, v]])),
    },
    {
      name: 'form repeated',
      cases: keys.map((key) => post(`${key} repeated`, [...entries, [key, form.template[key]!]])),
    },
    {
      name: 'form values',
      cases: keys.flatMap((key) =>
        [...BROKEN_TEXT, ...EXOTIC_TEXT, 'v'.repeat(5000)].map((value) =>
          post(`${key}=${JSON.stringify(value.slice(0, 20))}`, [...without(key), [key, value]]),
        ),
      ),
      random: fc
        .tuple(fc.constantFrom(...keys), fc.string({ maxLength: 300, unit: 'binary' }))
        .map(([key, value]) => post(`${key}=${JSON.stringify(value.slice(0, 20))}`, [...without(key), [key, value]])),
    },
    {
      name: 'form prototype keys',
      cases: [
        post(`fields ${PROTOTYPE_KEYS.join(', ')}`, [
          ...entries,
          ...PROTOTYPE_KEYS.map((key): [string, string] => [key, '1']),
        ]),
        ...PROTOTYPE_KEYS.map((key) => post(`field ${key}`, [...entries, [key, 'x']])),
      ],
    },
    // The protocol's routes read JSON too: every field as a number, a boolean, an array, an object or null where the
    // form sends text (a number for each field on every run), and the prototype's names as JSON keys.
    (() => {
      const asJson = (label: string, body: Record<string, unknown>) =>
        request(route, `form as JSON: ${label}`, { headers: { ...JSON_TYPE }, body: JSON.stringify(body) });
      const byKey = keys.map((key) =>
        (['number', 'boolean', 'array', 'object', 'null'] as JsonType[]).flatMap((type) =>
          VALUES_OF[type].map((value) =>
            asJson(`${key} as ${type} ${JSON.stringify(value)}`, { ...form.template, [key]: value }),
          ),
        ),
      );
      // fromEntries defines `__proto__` as an own key, as JSON.parse does.
      const prototypeKeys = asJson(
        `keys ${PROTOTYPE_KEYS.join(', ')}`,
        Object.fromEntries([...entries, ...PROTOTYPE_KEYS.map((key) => [key, '1'])]),
      );
      return {
        name: 'form as JSON with other types',
        cases: [...byKey.flat(), prototypeKeys],
        always: [...byKey.map((list) => list[VALUES_OF.number.length - 1]!), prototypeKeys],
      };
    })(),
    {
      name: 'form encoding',
      cases: [
        post('bad percent-encoding', entries, 'email=%E0%A4%A'),
        post('raw %', entries, 'a=%'),
        post('NUL name', entries, '%00=1'),
      ],
    },
    {
      name: 'form as JSON',
      cases: [
        ...malformedJson(JSON.stringify(form.template))
          .slice(0, 8)
          .map((text) =>
            request(route, `malformed JSON ${JSON.stringify(text.slice(0, 30))}`, {
              headers: { ...JSON_TYPE },
              body: text,
            }),
          ),
      ],
    },
    hugeGroup(route, { 'Content-Type': 'application/x-www-form-urlencoded' }, (padding) =>
      new URLSearchParams([...entries, ['padding', padding]]).toString(),
    ),
  ];
}

// ── multipart upload ─────────────────────────────────────────────────────────────────────────────────────────────

const BOUNDARY = 'bad-input-boundary-7d1f';
/** The smallest file the upload accepts as a PDF (it sniffs the first bytes). */
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

interface FilePart {
  field: string;
  name: string;
  type: string;
  content: Buffer;
}

function multipart(
  body: MultipartBody,
  change: { fields?: [string, string][]; files?: FilePart[]; tail?: string; contentType?: string },
): Pick<BadRequest, 'headers' | 'body'> {
  const fields = change.fields ?? Object.entries(body.fields);
  const files = change.files ?? [{ field: 'file', name: 'epc.pdf', type: 'application/pdf', content: PDF_BYTES }];
  const chunks: Buffer[] = [];
  for (const [name, value] of fields)
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; ` +
          `filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(change.tail ?? `--${BOUNDARY}--\r\n`));
  return {
    headers: { 'Content-Type': change.contentType ?? `multipart/form-data; boundary=${BOUNDARY}` },
    body: Buffer.concat(chunks),
  };
}

function multipartGroups(route: RouteInput, upload: MultipartBody): Group[] {
  const send = (label: string, change: Parameters<typeof multipart>[1]) =>
    request(route, `upload: ${label}`, multipart(upload, change));
  const entries = Object.entries(upload.fields);
  const without = (key: string) => entries.filter(([k]) => k !== key);
  const pdf = (over: Partial<FilePart> = {}): FilePart => ({
    field: 'file',
    name: 'epc.pdf',
    type: 'application/pdf',
    content: PDF_BYTES,
    ...over,
  });
  return [
    {
      name: 'upload file',
      cases: [
        send('no file', { files: [] }),
        send('file in another field', { files: [pdf({ field: 'document' })] }),
        send('two files', { files: [pdf(), pdf()] }),
        send('empty file', { files: [pdf({ content: Buffer.alloc(0) })] }),
        send('text called a PDF', { files: [pdf({ content: Buffer.from('not a pdf at all') })] }),
        send('HTML called a PNG', {
          files: [pdf({ name: 'x.png', type: 'image/png', content: Buffer.from('<script>alert(1)</script>') })],
        }),
      ],
      random: fc
        .uint8Array({ minLength: 1, maxLength: 2000 })
        .filter((bytes) => !(bytes[0] === 0x25 || bytes[0] === 0x89 || bytes[0] === 0xff))
        .map((bytes) => send(`${bytes.length} random bytes`, { files: [pdf({ content: Buffer.from(bytes) })] })),
    },
    {
      name: 'upload fields',
      cases: [
        ...Object.keys(upload.fields)
          .filter((key) => key === 'energy_class')
          .map((key) => send(`${key} missing`, { fields: without(key) })),
        send('energy_class H', { fields: [...without('energy_class'), ['energy_class', 'H']] }),
        send('energy_class repeated', { fields: [...entries, ['energy_class', 'B']] }),
        send('ep not a number', { fields: [...without('ep'), ['ep', 'abc']] }),
        send('ep negative', { fields: [...without('ep'), ['ep', '-1']] }),
        send('ep 1e400', { fields: [...without('ep'), ['ep', '1e400']] }),
        send('issued_at 2026-02-30', { fields: [...without('issued_at'), ['issued_at', '2026-02-30']] }),
        send('unknown field', { fields: [...entries, ['x_unknown', '1']] }),
        send('field over 1 kB', { fields: [...without('energy_class'), ['energy_class', 'C'.repeat(2000)]] }),
        send('NUL in a field', { fields: [...without('energy_class'), ['energy_class', 'C\u0000']] }),
        send('too many fields', {
          fields: [...entries, ...Array.from({ length: 12 }, (_, i): [string, string] => [`f${i}`, 'x'])],
        }),
      ],
      random: fc
        .tuple(fc.constantFrom(...Object.keys(upload.fields)), fc.string({ maxLength: 30, unit: 'grapheme' }))
        .map(([key, value]) =>
          send(`${key}=${JSON.stringify(`${value}\u0000`)}`, { fields: [...without(key), [key, `${value}\u0000`]] }),
        ),
    },
    ...Object.keys(upload.fields)
      .filter((key) => isDateValue(upload.fields[key]))
      .map((key): Group => {
        const extremes = EXTREME_DATES.map((bad) => send(`${key} ${bad}`, { fields: [...without(key), [key, bad]] }));
        return {
          name: `upload ${key} extreme dates`,
          cases: extremes,
          always: extremes,
          random: outOfBoundsDay.map((bad) => send(`${key} ${bad}`, { fields: [...without(key), [key, bad]] })),
        };
      }),
    {
      name: 'upload framing',
      cases: [
        send('no boundary', { contentType: 'multipart/form-data' }),
        send('other boundary', { contentType: 'multipart/form-data; boundary=another' }),
        send('truncated', {
          tail: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\n\r\n%PDF-`,
        }),
        request(route, 'upload: JSON instead of multipart', {
          headers: { ...JSON_TYPE },
          body: JSON.stringify(upload.fields),
        }),
        request(route, 'upload: text/plain', {
          headers: { 'Content-Type': 'text/plain' },
          body: '%PDF-1.4',
          status: 415,
        }),
      ],
    },
  ];
}

/**
 * The route's valid request, as the templates describe it (the sanity check that each refusal is the breakage's doing).
 */
export function validRequest(route: RouteInput): BadRequest {
  return request(route, 'valid request', {});
}

// ── Host header ──────────────────────────────────────────────────────────────────────────────────────────────────

/** A host name that breaks the pattern: a character no host has, or a port out of range. */
const badHost = fc.oneof(
  fc
    .tuple(
      fc.stringMatching(/^[a-z0-9.-]{0,12}$/),
      fc.constantFrom(' ', '[', ']', '{', '"', '<', '|', '^', '`', '\\', '/', '@', '?', '#', '%', ','),
      fc.stringMatching(/^[a-z0-9.-]{0,12}$/),
    )
    .map(([a, c, b]) => `${a}${c}${b}`),
  fc.integer({ min: 65_536, max: 10_000_000 }).map((port) => `energy.test:${port}`),
);

/** Every route with a Host that names no host: the first on every run, the others and made-up ones at random. */
function hostGroups(route: RouteInput): Group[] {
  const withHost = (host: string) => {
    const valid = request(route, `Host ${JSON.stringify(host)}`, {});
    return { ...valid, headers: { ...valid.headers, Host: host } };
  };
  const cases = BAD_HOSTS.map(withHost);
  return [{ name: 'host header', cases, always: cases.slice(0, 1), random: badHost.map(withHost) }];
}

/** Every group of bad requests for a route. */
function groupsOf(route: RouteInput): Group[] {
  const groups = [...idGroups(route), ...queryGroups(route), ...hostGroups(route)];
  const body = route.body;
  if (!body) groups.push(...bodilessGroups(route));
  else if (body.kind === 'json') groups.push(...jsonGroups(route, body));
  else if (body.kind === 'form') groups.push(...formGroups(route, body));
  else groups.push(...multipartGroups(route, body));
  return groups.filter((g) => g.cases.length > 0);
}

/**
 * The bad requests of a route: `examples` (the first case of every group, so each kind of breakage runs every time)
 * and `arbitrary` (any case of any group, or a random variation).
 */
export function badRequestsFor(route: RouteInput): { examples: BadRequest[]; arbitrary: fc.Arbitrary<BadRequest> } {
  const groups = groupsOf(route);
  const examples = groups.flatMap((g) => g.always ?? g.cases.slice(0, 1));
  const arbitrary = fc.oneof(...groups.flatMap((g) => [fc.constantFrom(...g.cases), ...(g.random ? [g.random] : [])]));
  return { examples, arbitrary };
}
