import net from 'node:net';

/** Validation of RP API v6.0 request bodies (docs/auth.md §3.2). Pure; errors name the offending field. */

export type OrderKind = 'auth' | 'sign';

export interface BankIdRequirement {
  personalNumber?: string;
  pinCode?: boolean;
  mrtd?: boolean;
  cardReader?: 'class1' | 'class2';
  certificatePolicies?: string[];
  risk?: 'low' | 'moderate';
}

export interface WebData {
  deviceIdentifier?: string;
  referringDomain?: string;
  userAgent?: string;
}

export interface AppData {
  appIdentifier?: string;
  deviceOS?: string;
  deviceIdentifier?: string;
  deviceModelName?: string;
}

/** A validated /auth or /sign request. */
export interface StartOrderRequest {
  endUserIp: string;
  returnUrl?: string;
  returnRisk?: boolean;
  requirement?: BankIdRequirement;
  userVisibleData?: string;
  userVisibleDataFormat?: 'simpleMarkdownV1';
  userNonVisibleData?: string;
  web?: WebData;
  app?: AppData;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; details: string };

type Json = Record<string, unknown>;

const PERSONAL_NUMBER = /^[0-9]{12}$/;
const OID = /^[0-9]+(\.[0-9]+)*$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const REFERRING_DOMAIN = /^[0-9a-z.-]{1,253}$/;
const MAX_USER_VISIBLE_DATA = 40_000;
const MAX_USER_NON_VISIBLE_DATA = 200_000;

class Invalid extends Error {}

function fail(details: string): never {
  throw new Invalid(details);
}

export function isJsonObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(body: Json, key: string, path: string, max = 2000): string | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') fail(`${path} must be a string`);
  if (value.length === 0) fail(`${path} must not be empty`);
  if (value.length > max) fail(`${path} must be at most ${max} characters`);
  return value;
}

function optionalBoolean(body: Json, key: string, path: string): boolean | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') fail(`${path} must be a boolean`);
  return value;
}

function base64Field(body: Json, key: string, max: number): string | undefined {
  const value = optionalString(body, key, key, max);
  if (value === undefined) return undefined;
  if (!BASE64.test(value)) fail(`${key} must be base64`);
  return value;
}

function utf8(base64: string): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(base64, 'base64'));
  } catch {
    return null;
  }
}

/** Decodes base64 UTF-8 text (userVisibleData), or null when it is not valid UTF-8. */
export function decodeBase64Text(base64: string): string | null {
  return utf8(base64);
}

function requirement(value: unknown): BankIdRequirement {
  if (!isJsonObject(value)) fail('requirement must be an object');
  const out: BankIdRequirement = {};
  if (value.personalNumber !== undefined) {
    if (typeof value.personalNumber !== 'string' || !PERSONAL_NUMBER.test(value.personalNumber)) {
      fail('requirement.personalNumber must be 12 digits (YYYYMMDDNNNN)');
    }
    out.personalNumber = value.personalNumber;
  }
  const pinCode = optionalBoolean(value, 'pinCode', 'requirement.pinCode');
  if (pinCode !== undefined) out.pinCode = pinCode;
  const mrtd = optionalBoolean(value, 'mrtd', 'requirement.mrtd');
  if (mrtd !== undefined) out.mrtd = mrtd;
  if (value.cardReader !== undefined) {
    if (value.cardReader !== 'class1' && value.cardReader !== 'class2')
      fail('requirement.cardReader must be "class1" or "class2"');
    out.cardReader = value.cardReader;
  }
  if (value.certificatePolicies !== undefined) {
    const policies = value.certificatePolicies;
    if (
      !Array.isArray(policies) ||
      policies.length === 0 ||
      !policies.every((p) => typeof p === 'string' && OID.test(p))
    ) {
      fail('requirement.certificatePolicies must be a non-empty array of OIDs');
    }
    out.certificatePolicies = [...(policies as string[])];
  }
  if (value.risk !== undefined) {
    if (value.risk !== 'low' && value.risk !== 'moderate') fail('requirement.risk must be "low" or "moderate"');
    out.risk = value.risk;
  }
  return out;
}

function web(value: unknown): WebData {
  if (!isJsonObject(value)) fail('web must be an object');
  const out: WebData = {};
  const deviceIdentifier = optionalString(value, 'deviceIdentifier', 'web.deviceIdentifier', 64);
  if (deviceIdentifier !== undefined) out.deviceIdentifier = deviceIdentifier;
  const referringDomain = optionalString(value, 'referringDomain', 'web.referringDomain', 253);
  if (referringDomain !== undefined) {
    if (!REFERRING_DOMAIN.test(referringDomain))
      fail('web.referringDomain must be a punycode domain name ([0-9a-z.-])');
    out.referringDomain = referringDomain;
  }
  const userAgent = optionalString(value, 'userAgent', 'web.userAgent', 256);
  if (userAgent !== undefined) out.userAgent = userAgent;
  return out;
}

function app(value: unknown): AppData {
  if (!isJsonObject(value)) fail('app must be an object');
  const out: AppData = {};
  for (const key of ['appIdentifier', 'deviceOS', 'deviceIdentifier', 'deviceModelName'] as const) {
    const field = optionalString(value, key, `app.${key}`, 256);
    if (field !== undefined) out[key] = field;
  }
  return out;
}

/** Validates the body of POST /auth or /sign. /sign additionally requires userVisibleData. */
export function validateStartRequest(kind: OrderKind, body: unknown): Validated<StartOrderRequest> {
  try {
    if (!isJsonObject(body)) fail('the request body must be a JSON object');
    const endUserIp = body.endUserIp;
    if (endUserIp === undefined) fail('endUserIp is required');
    if (typeof endUserIp !== 'string' || net.isIP(endUserIp) === 0) fail('endUserIp must be an IPv4 or IPv6 address');
    const out: StartOrderRequest = { endUserIp };

    const returnUrl = optionalString(body, 'returnUrl', 'returnUrl', 2000);
    if (returnUrl !== undefined) {
      if (!URL.canParse(returnUrl)) fail('returnUrl must be an absolute URL');
      out.returnUrl = returnUrl;
    }
    const returnRisk = optionalBoolean(body, 'returnRisk', 'returnRisk');
    if (returnRisk !== undefined) out.returnRisk = returnRisk;
    if (body.requirement !== undefined) out.requirement = requirement(body.requirement);

    const userVisibleData = base64Field(body, 'userVisibleData', MAX_USER_VISIBLE_DATA);
    if (userVisibleData !== undefined) {
      if (utf8(userVisibleData) === null) fail('userVisibleData must be base64 of UTF-8 text');
      out.userVisibleData = userVisibleData;
    } else if (kind === 'sign') {
      fail('userVisibleData is required for /sign');
    }
    if (body.userVisibleDataFormat !== undefined) {
      if (body.userVisibleDataFormat !== 'simpleMarkdownV1') fail('userVisibleDataFormat must be "simpleMarkdownV1"');
      if (userVisibleData === undefined) fail('userVisibleDataFormat needs userVisibleData');
      out.userVisibleDataFormat = 'simpleMarkdownV1';
    }
    const userNonVisibleData = base64Field(body, 'userNonVisibleData', MAX_USER_NON_VISIBLE_DATA);
    if (userNonVisibleData !== undefined) out.userNonVisibleData = userNonVisibleData;

    if (body.web !== undefined && body.app !== undefined) fail('web and app must not both be given');
    if (body.web !== undefined) out.web = web(body.web);
    if (body.app !== undefined) out.app = app(body.app);
    return { ok: true, value: out };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, details: error.message };
    throw error;
  }
}

/** Validates `{orderRef}` of /collect and /cancel. */
export function validateOrderRefRequest(body: unknown): Validated<string> {
  if (!isJsonObject(body)) return { ok: false, details: 'the request body must be a JSON object' };
  const { orderRef } = body;
  if (orderRef === undefined) return { ok: false, details: 'orderRef is required' };
  if (typeof orderRef !== 'string' || !UUID.test(orderRef)) return { ok: false, details: 'orderRef must be a UUID' };
  return { ok: true, value: orderRef.toLowerCase() };
}

export function isPersonalNumber(value: unknown): value is string {
  return typeof value === 'string' && PERSONAL_NUMBER.test(value);
}
