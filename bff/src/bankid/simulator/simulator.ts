import crypto from 'node:crypto';
import { parseQrData, verifyQrAuthCode } from '../qr';
import {
  decodeBase64Text,
  isJsonObject,
  isPersonalNumber,
  validateOrderRefRequest,
  validateStartRequest,
  type OrderKind,
  type StartOrderRequest,
} from './validation';

/**
 * The BankID RP API v6.0 simulator's order store and state machine (docs/auth.md §3).
 * Pure apart from UUID generation: time comes from the injected `now()`, deadlines are applied lazily
 * whenever the store is touched, so a fake clock can move an order to expiredTransaction/startFailed.
 */

export type { OrderKind, StartOrderRequest } from './validation';

export type OrderStatus = 'pending' | 'failed' | 'complete';
export const PENDING_HINT_CODES = ['outstandingTransaction', 'noClient', 'started', 'userSign'] as const;
export type PendingHintCode = (typeof PENDING_HINT_CODES)[number];
export const FAILED_HINT_CODES = [
  'expiredTransaction',
  'userCancel',
  'cancelled',
  'startFailed',
  'certificateErr',
] as const;
export type FailedHintCode = (typeof FAILED_HINT_CODES)[number];
/** The failures the control API's `fail` action can force. */
export const FORCEABLE_FAIL_HINT_CODES = ['expiredTransaction', 'startFailed', 'certificateErr'] as const;
export type ForceableFailHintCode = (typeof FORCEABLE_FAIL_HINT_CODES)[number];

export const DEFAULT_ORDER_LIFETIME_MS = 180_000;
export const DEFAULT_START_WINDOW_MS = 30_000;
/** A completed order can be collected for 3 min, a failed one for 5 min (docs/auth.md §3.3). */
export const COMPLETED_RETENTION_MS = 3 * 60_000;
export const FAILED_RETENTION_MS = 5 * 60_000;
/** A scanned qrTime must be within this many seconds of the real time since the order was created. */
export const QR_TIME_TOLERANCE_S = 2;

export interface SimulatedUser {
  personalNumber: string;
  name: string;
  givenName: string;
  surname: string;
}

/** The demo person who approves when the tester gives no one else. */
export const DEMO_USER: SimulatedUser = {
  personalNumber: '199001011239',
  name: 'Anna Andersson',
  givenName: 'Anna',
  surname: 'Andersson',
};

export interface StartOrderResponse {
  orderRef: string;
  autoStartToken: string;
  qrStartToken: string;
  qrStartSecret: string;
}

export interface CompletionData {
  user: SimulatedUser;
  device: { ipAddress: string; uhi: string };
  bankIdIssueDate: string;
  stepUp: { mrtd: boolean };
  signature: string;
  ocspResponse: string;
  risk?: 'low' | 'moderate' | 'high';
}

export interface CollectResponse {
  orderRef: string;
  status: OrderStatus;
  hintCode?: string;
  completionData?: CompletionData;
}

/** An RP API error: HTTP status and the `{errorCode, details}` body (docs/auth.md §3.5). */
export class RpApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    readonly details: string,
  ) {
    super(`${errorCode}: ${details}`);
    this.name = 'RpApiError';
  }
}

export type ControlErrorCode = 'bad_request' | 'not_found' | 'conflict';
const CONTROL_STATUS: Record<ControlErrorCode, 400 | 404 | 409> = { bad_request: 400, not_found: 404, conflict: 409 };

/** A control API error: 400 bad input, 404 unknown order, 409 wrong state; body `{error, message}`. */
export class ControlError extends Error {
  readonly status: 400 | 404 | 409;
  constructor(
    readonly error: ControlErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ControlError';
    this.status = CONTROL_STATUS[error];
  }
}

/** What the control API and the approve page show about an order (never the qrStartSecret). */
export interface OrderView {
  orderRef: string;
  /** Given to the browser in the app launch link; lets a test find the order it started. */
  autoStartToken: string;
  /** Public part of the QR payload (the qrStartSecret is never shown). */
  qrStartToken: string;
  kind: OrderKind;
  status: OrderStatus;
  hintCode: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** requirement.personalNumber, when the RP demanded a specific person. */
  personalNumber: string | null;
  /** userVisibleData decoded from base64. */
  userVisibleData: string | null;
  userVisibleDataFormat: string | null;
  endUserIp: string;
  returnUrl: string | null;
  /** The RP called /cancel; the order can no longer be collected. */
  cancelledByRp: boolean;
  /** Who approved it, once complete. */
  user: SimulatedUser | null;
}

export interface BankIdSimulatorOptions {
  /** Clock in epoch milliseconds; defaults to Date.now. */
  now?: () => number;
  /** An order not completed within this time fails with expiredTransaction. Default 180 s. */
  orderLifetimeMs?: number;
  /** An order whose app is neither started nor its QR scanned within this time fails with startFailed. Default 30 s. */
  startWindowMs?: number;
  /** UUID source (orderRef and tokens); defaults to crypto.randomUUID. */
  randomUUID?: () => string;
}

interface OrderRecord {
  readonly orderRef: string;
  readonly autoStartToken: string;
  readonly qrStartToken: string;
  readonly qrStartSecret: string;
  readonly kind: OrderKind;
  readonly request: StartOrderRequest;
  readonly createdAt: number;
  status: OrderStatus;
  hintCode: string | undefined;
  /** The app was started via autoStartToken or the QR code was scanned. */
  pickedUp: boolean;
  finishedAt: number | undefined;
  cancelledByRp: boolean;
  completionData: CompletionData | undefined;
}

export class BankIdSimulator {
  readonly orderLifetimeMs: number;
  readonly startWindowMs: number;
  private readonly now: () => number;
  private readonly uuid: () => string;
  private readonly orders = new Map<string, OrderRecord>();

  constructor(options: BankIdSimulatorOptions = {}) {
    this.now = options.now ?? Date.now;
    this.uuid = options.randomUUID ?? (() => crypto.randomUUID());
    this.orderLifetimeMs = positive(options.orderLifetimeMs ?? DEFAULT_ORDER_LIFETIME_MS, 'orderLifetimeMs');
    this.startWindowMs = positive(options.startWindowMs ?? DEFAULT_START_WINDOW_MS, 'startWindowMs');
  }

  // ---- RP API -------------------------------------------------------------------------------------------

  /** POST /auth or /sign. Throws RpApiError (invalidParameters, alreadyInProgress). */
  start(kind: OrderKind, body: unknown): StartOrderResponse {
    this.sweep();
    const validated = validateStartRequest(kind, body);
    if (!validated.ok) throw invalidParameters(validated.details);
    const request = validated.value;
    const personalNumber = request.requirement?.personalNumber;
    if (personalNumber !== undefined && this.pendingFor(personalNumber).length > 0) {
      // BankID's own wording: the number would otherwise travel on into the RP's error messages and logs.
      throw new RpApiError(400, 'alreadyInProgress', 'Order already in progress for pno');
    }
    const order: OrderRecord = {
      orderRef: this.uuid(),
      autoStartToken: this.uuid(),
      qrStartToken: this.uuid(),
      qrStartSecret: this.uuid(),
      kind,
      request,
      createdAt: this.now(),
      status: 'pending',
      hintCode: 'outstandingTransaction',
      pickedUp: false,
      finishedAt: undefined,
      cancelledByRp: false,
      completionData: undefined,
    };
    this.orders.set(order.orderRef, order);
    const { orderRef, autoStartToken, qrStartToken, qrStartSecret } = order;
    return { orderRef, autoStartToken, qrStartToken, qrStartSecret };
  }

  /** POST /collect. Unknown, RP-cancelled or too old orders → invalidParameters. */
  collect(body: unknown): CollectResponse {
    this.sweep();
    const order = this.rpOrder(body);
    if (order.cancelledByRp) throw invalidParameters('The order was cancelled');
    if (order.status === 'complete')
      return { orderRef: order.orderRef, status: 'complete', completionData: order.completionData! };
    return { orderRef: order.orderRef, status: order.status, hintCode: order.hintCode! };
  }

  /** POST /cancel. Only a pending order can be cancelled; anything else → invalidParameters. */
  cancel(body: unknown): Record<string, never> {
    this.sweep();
    const order = this.rpOrder(body);
    if (order.status !== 'pending') throw invalidParameters('The order is no longer in progress');
    this.finish(order, 'failed', 'cancelled');
    order.cancelledByRp = true;
    return {};
  }

  // ---- control API (the simulated BankID app) ----------------------------------------------------------

  /** Pending orders and recently finished ones (still collectable), newest first. */
  listOrders(): OrderView[] {
    this.sweep();
    return [...this.orders.values()].sort((a, b) => b.createdAt - a.createdAt).map(view);
  }

  getOrder(orderRef: string): OrderView {
    this.sweep();
    return view(this.controlOrder(orderRef));
  }

  /** The app on the same device was launched with the autoStartToken → pending `started`. */
  openApp(orderRef: string): OrderView {
    this.sweep();
    const order = this.controlOrder(orderRef);
    requireHint(order, ['outstandingTransaction', 'noClient'], 'open the app for');
    order.pickedUp = true;
    order.hintCode = 'started';
    return view(order);
  }

  /** The user picked a BankID in the app and is at the security-code step → pending `userSign`. */
  userSign(orderRef: string): OrderView {
    this.sweep();
    const order = this.controlOrder(orderRef);
    requireHint(order, ['outstandingTransaction', 'noClient', 'started', 'userSign'], 'start signing');
    order.pickedUp = true;
    order.hintCode = 'userSign';
    return view(order);
  }

  /**
   * The test app scanned an animated QR code. The order is found by qrStartToken; the auth code must match
   * the claimed qrTime, and the claimed qrTime must be within 2 s of the real time since the order was created.
   */
  scan(data: unknown): OrderView {
    this.sweep();
    if (typeof data !== 'string' || data.trim() === '')
      throw new ControlError('bad_request', 'qrData must be a non-empty string');
    const parsed = parseQrData(data);
    if (!parsed)
      throw new ControlError(
        'bad_request',
        'qrData is not a BankID QR code (bankid.<qrStartToken>.<qrTime>.<qrAuthCode>)',
      );
    const order = [...this.orders.values()].find((o) => o.qrStartToken === parsed.qrStartToken);
    if (!order) throw new ControlError('not_found', 'No order has this qrStartToken');
    requireHint(order, ['outstandingTransaction', 'noClient'], 'scan the QR code of');
    if (!verifyQrAuthCode(order.qrStartSecret, parsed.qrTime, parsed.qrAuthCode)) {
      throw new ControlError('conflict', 'The QR code is not valid: the auth code does not match');
    }
    const elapsedS = (this.now() - order.createdAt) / 1000;
    if (Math.abs(elapsedS - parsed.qrTime) > QR_TIME_TOLERANCE_S) {
      throw new ControlError(
        'conflict',
        `The QR code is stale: it is for qrTime ${parsed.qrTime} but ${Math.floor(elapsedS)} s have passed ` +
          `(tolerance ${QR_TIME_TOLERANCE_S} s)`,
      );
    }
    order.pickedUp = true;
    order.hintCode = 'userSign';
    return view(order);
  }

  /**
   * The user approves with their security code → complete. Other pending orders for the same person fail
   * with `cancelled`. An order with requirement.personalNumber can only be approved by that person.
   */
  approve(orderRef: string, input: unknown = {}): OrderView {
    this.sweep();
    const order = this.controlOrder(orderRef);
    requireHint(order, PENDING_HINT_CODES, 'approve');
    const user = approvingUser(input, order.request.requirement?.personalNumber);
    const required = order.request.requirement?.personalNumber;
    if (required !== undefined && required !== user.personalNumber) {
      throw new ControlError('conflict', `This order can only be approved by personal number ${required}`);
    }
    for (const other of this.pendingFor(user.personalNumber)) {
      if (other !== order) this.finish(other, 'failed', 'cancelled');
    }
    order.pickedUp = true;
    order.hintCode = 'userSign';
    this.finish(order, 'complete', undefined);
    order.completionData = completionData(order, user, this.now());
    return view(order);
  }

  /** The user pressed Cancel in the app → failed `userCancel`. */
  userCancel(orderRef: string): OrderView {
    this.sweep();
    const order = this.controlOrder(orderRef);
    requireHint(order, PENDING_HINT_CODES, 'cancel');
    this.finish(order, 'failed', 'userCancel');
    return view(order);
  }

  /** Force a failure: expiredTransaction, startFailed or certificateErr. */
  fail(orderRef: string, hintCode: unknown): OrderView {
    this.sweep();
    const order = this.controlOrder(orderRef);
    if (typeof hintCode !== 'string' || !(FORCEABLE_FAIL_HINT_CODES as readonly string[]).includes(hintCode)) {
      throw new ControlError('bad_request', `hintCode must be one of ${FORCEABLE_FAIL_HINT_CODES.join(', ')}`);
    }
    requireHint(order, PENDING_HINT_CODES, 'fail');
    this.finish(order, 'failed', hintCode);
    return view(order);
  }

  /** The order was not received by a client → pending `noClient`. */
  noClient(orderRef: string): OrderView {
    this.sweep();
    const order = this.controlOrder(orderRef);
    requireHint(order, ['outstandingTransaction', 'noClient'], 'mark as not received by a client');
    order.hintCode = 'noClient';
    return view(order);
  }

  // ---- internals ----------------------------------------------------------------------------------------

  private rpOrder(body: unknown): OrderRecord {
    const validated = validateOrderRefRequest(body);
    if (!validated.ok) throw invalidParameters(validated.details);
    const order = this.orders.get(validated.value);
    if (!order) throw invalidParameters('No such order');
    return order;
  }

  private controlOrder(orderRef: string): OrderRecord {
    const order = this.orders.get(orderRef.toLowerCase());
    if (!order) throw new ControlError('not_found', `No order ${orderRef}`);
    return order;
  }

  private pendingFor(personalNumber: string): OrderRecord[] {
    return [...this.orders.values()].filter(
      (o) => o.status === 'pending' && o.request.requirement?.personalNumber === personalNumber,
    );
  }

  private finish(
    order: OrderRecord,
    status: 'failed' | 'complete',
    hintCode: string | undefined,
    at = this.now(),
  ): void {
    order.status = status;
    order.hintCode = hintCode;
    order.finishedAt = at;
  }

  /** Applies the start window and lifetime deadlines, then forgets orders past their collect retention. */
  private sweep(): void {
    const now = this.now();
    for (const order of this.orders.values()) {
      if (order.status === 'pending') {
        const expiresAt = order.createdAt + this.orderLifetimeMs;
        const startBy = order.pickedUp ? Infinity : order.createdAt + this.startWindowMs;
        if (startBy <= expiresAt && now >= startBy) this.finish(order, 'failed', 'startFailed', startBy);
        else if (now >= expiresAt) this.finish(order, 'failed', 'expiredTransaction', expiresAt);
      }
      if (order.finishedAt !== undefined) {
        const retention = order.status === 'complete' ? COMPLETED_RETENTION_MS : FAILED_RETENTION_MS;
        if (now - order.finishedAt > retention) this.orders.delete(order.orderRef);
      }
    }
  }
}

export function createBankIdSimulator(options: BankIdSimulatorOptions = {}): BankIdSimulator {
  return new BankIdSimulator(options);
}

function positive(value: number, name: string): number {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${name} must be a positive number of milliseconds`);
  return value;
}

function invalidParameters(details: string): RpApiError {
  return new RpApiError(400, 'invalidParameters', details);
}

function requireHint(order: OrderRecord, allowed: readonly string[], action: string): void {
  if (order.status !== 'pending' || !allowed.includes(order.hintCode!)) {
    const state = order.status === 'complete' ? 'complete' : `${order.status} (${order.hintCode})`;
    throw new ControlError('conflict', `Cannot ${action} order ${order.orderRef}: it is ${state}`);
  }
}

function approvingUser(input: unknown, requiredPersonalNumber: string | undefined): SimulatedUser {
  if (input === undefined || input === null) input = {};
  if (!isJsonObject(input)) throw new ControlError('bad_request', 'the body must be a JSON object');
  const text = (key: string): string | undefined => {
    const value = input[key];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string' || value.trim() === '' || value.length > 200) {
      throw new ControlError('bad_request', `${key} must be a non-empty string of at most 200 characters`);
    }
    return value.trim();
  };
  const personalNumber = text('personalNumber') ?? requiredPersonalNumber ?? DEMO_USER.personalNumber;
  if (!isPersonalNumber(personalNumber))
    throw new ControlError('bad_request', 'personalNumber must be 12 digits (YYYYMMDDNNNN)');
  let givenName = text('givenName');
  let surname = text('surname');
  let name = text('name');
  if (name === undefined && givenName === undefined && surname === undefined) {
    ({ name, givenName, surname } = DEMO_USER);
  }
  if (name !== undefined && (givenName === undefined || surname === undefined)) {
    const [first, ...rest] = name.split(/\s+/);
    givenName ??= first!;
    surname ??= rest.length > 0 ? rest.join(' ') : first!;
  }
  givenName ??= surname!;
  surname ??= givenName;
  name ??= `${givenName} ${surname}`;
  return { personalNumber, name, givenName, surname };
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function xmlEscape(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function completionData(order: OrderRecord, user: SimulatedUser, now: number): CompletionData {
  const { request } = order;
  const ipAddress = request.endUserIp;
  const uhi = crypto.createHash('sha256').update(`bankid-simulator-device:${ipAddress}`).digest('base64').slice(0, 27);
  const nonce = crypto.createHash('sha256').update(`${order.orderRef}:${user.personalNumber}`).digest('base64');
  const signedData =
    `<bankIdSignedData xmlns="http://www.bankid.com/signature/v1.0.0/types" Id="bidSignedData">` +
    (request.userVisibleData
      ? `<usrVisibleData charset="UTF-8" visible="wysiwys">${xmlEscape(request.userVisibleData)}</usrVisibleData>`
      : '') +
    (request.userNonVisibleData
      ? `<usrNonVisibleData>${xmlEscape(request.userNonVisibleData)}</usrNonVisibleData>`
      : '') +
    `<srvInfo><name>BankID RP API v6.0 simulator</name><nonce>${nonce}</nonce></srvInfo>` +
    `<clientInfo><funcId>${order.kind === 'sign' ? 'Signing' : 'Identification'}</funcId>` +
    `<host><hostIp>${xmlEscape(ipAddress)}</hostIp></host></clientInfo>` +
    `<subject><personalNumber>${user.personalNumber}</personalNumber><name>${xmlEscape(user.name)}</name></subject>` +
    `</bankIdSignedData>`;
  const xml =
    `<?xml version="1.0" encoding="UTF-8" standalone="no"?>` +
    `<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo><CanonicalizationMethod ` +
    `Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"/>` +
    `<SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/></SignedInfo>` +
    `<SignatureValue>SIMULATED-NOT-A-REAL-SIGNATURE</SignatureValue><Object>${signedData}</Object></Signature>`;
  const data: CompletionData = {
    user: { ...user },
    device: { ipAddress, uhi },
    bankIdIssueDate: isoDate(now - 365 * 24 * 3600_000),
    stepUp: { mrtd: request.requirement?.mrtd === true },
    signature: Buffer.from(xml, 'utf8').toString('base64'),
    ocspResponse: Buffer.from(
      `BankID simulator OCSP response: good, order ${order.orderRef}, ${new Date(now).toISOString()}`,
    ).toString('base64'),
  };
  if (request.returnRisk === true) data.risk = 'low';
  return data;
}

function view(order: OrderRecord): OrderView {
  const { request } = order;
  return {
    orderRef: order.orderRef,
    autoStartToken: order.autoStartToken,
    qrStartToken: order.qrStartToken,
    kind: order.kind,
    status: order.status,
    hintCode: order.hintCode ?? null,
    createdAt: new Date(order.createdAt).toISOString(),
    finishedAt: order.finishedAt === undefined ? null : new Date(order.finishedAt).toISOString(),
    personalNumber: request.requirement?.personalNumber ?? null,
    userVisibleData: request.userVisibleData === undefined ? null : decodeBase64Text(request.userVisibleData),
    userVisibleDataFormat: request.userVisibleDataFormat ?? null,
    endUserIp: request.endUserIp,
    returnUrl: request.returnUrl ?? null,
    cancelledByRp: order.cancelledByRp,
    user: order.completionData ? { ...order.completionData.user } : null,
  };
}
