// How a route takes its input, so the generators know what a valid request looks like and how to break it.

/** Who sends the route's requests: the least-privileged caller that gets past the route's guards to its validation. */
export type AgentName = 'anonymous' | 'superAdmin' | 'homeowner';

export type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object';
export type Path = (string | number)[];

/**
 * A path parameter and its valid value. `int`: a database id (1…2^31-1); `uuid`; `slug`: an organisation slug;
 * `name`: another lower-case identifier (text, lender, provider, remote, version, the building 'primary').
 */
export interface ParamSpec {
  valid: string;
  kind: 'int' | 'uuid' | 'slug' | 'name';
}

/**
 * A query parameter. `text`: free text of at most `max`; `int`, `date` (YYYY-MM-DD), `enum`, `slug`, `key`, `postal`
 * (Swedish postal code): formats. `emptyOk`: an empty value is valid (an optional filter left blank).
 */
export interface QuerySpec {
  valid: string;
  kind: 'text' | 'int' | 'date' | 'enum' | 'slug' | 'key' | 'postal';
  max?: number;
  emptyOk?: boolean;
  /** Why a malformed value is not refused (it is a hint with a documented fallback): only its valid value is sent. */
  lenient?: string;
}

/** One object in a JSON body whose keys the generators break. */
export interface ObjectSpec {
  /** Where it is in the template ([] = the body itself). */
  at: Path;
  /** Keys that must be present. */
  required: string[];
  /** JSON types a key accepts besides its template value's (e.g. null for a nullable field): never sent as "wrong". */
  accepts?: Record<string, JsonType[]>;
  /** String keys with a length limit (docs/product.md §3/§5): max + 1 and longer must be refused. */
  maxLength?: Record<string, number>;
  /** String keys of free text: any printable Unicode is valid there, so only NUL and unpaired surrogates are bad. */
  freeText?: string[];
  /**
   * A map whose keys are data (answers by question key, prices by carrier): an unknown key is refused by that check.
   */
  map?: string;
}

export interface JsonBody {
  kind: 'json';
  template: unknown;
  objects: ObjectSpec[];
}

/** NextAuth's form posts: the protocol accepts unknown fields and answers refusals with redirects (see `protocol`). */
export interface FormBody {
  kind: 'form';
  template: Record<string, string>;
}

/** The EPC upload: multipart with the file in `file` and its fields. */
export interface MultipartBody {
  kind: 'multipart';
  fields: Record<string, string>;
}

export interface RouteInput {
  method: string;
  /** The Express path, as listRoutes(app) prints it. */
  path: string;
  agent: AgentName;
  params?: Record<string, ParamSpec>;
  /** Query parameters the route reads; none means any query parameter is refused. */
  query?: Record<string, QuerySpec>;
  body?: JsonBody | FormBody | MultipartBody;
  /**
   * Why this route may take extras and answer a refusal with something other than a 4xx JSON error (a protocol:
   * NextAuth, health probes). Such routes are still checked for no 5xx, no internals in the answer and no writes.
   */
  protocol?: string;
  /** Why the valid request cannot succeed in the test world (e.g. it needs BankID): the status it answers instead. */
  validAnswer?: { status: number; why: string };
}

/** One generated bad request. */
export interface BadRequest {
  /** What was broken, e.g. "body: name over 255" (printed with a failure). */
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Raw body bytes; undefined sends none. */
  body?: string | Buffer;
  /** An unknown key the refusal must name (so the caller can see which field was wrong). */
  mustName?: string;
  /** The exact refusal when it is a rule of its own: 413 for a body over the limit, 415 for a body that is not JSON. */
  status?: 413 | 415;
}
