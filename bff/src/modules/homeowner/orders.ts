import type { Request } from 'express';
import { RFA_MESSAGES, rfaFor, transactionStatusFor } from '@home-energy/shared/bankid/messages';
import type { IdentificationMode, LoginMethod, SignPurpose, SignStatus } from '@home-energy/shared/schemas/bankid';
import type { MailLanguage } from '@home-energy/shared/schemas/mail-language';
import type { Db } from '../../db/client';
import { BankIdError, type CompletionUser, type RpClient } from '../../bankid/rp-client';
import { VaultKeyError, type PersonalNumberVault } from '../../bankid/personal-number';
import { qrData, qrTimeAt } from '../../bankid/qr';
import { HttpError } from '../../http/errors';
import { findOrder, insertOrder, updateOrder, type BankIdOrderRow } from './repository';
import { userVisibleData } from './bankid-texts';

declare module 'express-session' {
  interface SessionData {
    /** The BankID order this browser session started (its row in bankid_orders). */
    bankidOrderId?: string;
    /** What that order confirms, when it is a validate order started for one (the app showed it). */
    bankidOrderPurpose?: SignPurpose;
  }
}

/** BankID asks relying parties to collect at most every 2 s; polls in between get the stored answer. */
export const COLLECT_INTERVAL_MS = 2000;
const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile/i;

export interface OrderServiceDeps {
  db: Db;
  rp: RpClient;
  /** Encrypts the signer of a completed order until the sign-in uses it. */
  vault: PersonalNumberVault;
  now?: () => number;
  /** The bundled BankID simulator's test-app page (demo); each waiting QR order then links to its place there. */
  testAppUrl?: string;
}

/**
 * The signer of a completed order; null when there is none, or it was written with a retired data key (start again).
 */
export function completedUserOf(vault: PersonalNumberVault, order: BankIdOrderRow): CompletionUser | null {
  if (!order.completedUserEncrypted) return null;
  try {
    return JSON.parse(vault.decrypt(order.completedUserEncrypted)) as CompletionUser;
  } catch (error) {
    if (error instanceof VaultKeyError) return null;
    throw error;
  }
}

function launchUrl(order: BankIdOrderRow, returnUrl: string | null): string | null {
  if (order.loginMethod !== 'bankid.same_device') return null;
  // docs/auth.md §3.7: the app link on mobile, the bankid:/// scheme on a computer.
  const redirect = order.mobile ? encodeURIComponent(returnUrl ?? 'null') : 'null';
  const app = order.mobile ? 'https://app.bankid.com/' : 'bankid:///';
  return `${app}?autostarttoken=${order.autoStartToken}&redirect=${redirect}`;
}

export function signStatus(order: BankIdOrderRow, now: number, returnUrl: string | null = null): SignStatus {
  const requestStatus = order.status as SignStatus['requestStatus'];
  const sameDevice = order.loginMethod === 'bankid.same_device';
  const rfa = rfaFor({
    status: order.errorCode ? 'error' : requestStatus === 'complete' ? 'pending' : requestStatus,
    hintCode: order.hintCode ?? undefined,
    errorCode: order.errorCode ?? undefined,
    autoStarted: sameDevice,
    qr: !sameDevice,
    mobile: order.mobile,
  });
  const waitingForScan =
    requestStatus === 'pending' &&
    !sameDevice &&
    (order.hintCode ?? 'outstandingTransaction') === 'outstandingTransaction';
  return {
    requestStatus,
    hintCode: order.hintCode,
    transactionStatus: order.hintCode ? transactionStatusFor(order.hintCode) : null,
    loginMethod: order.loginMethod as LoginMethod,
    identificationMode: order.identificationMode as IdentificationMode,
    rfa,
    message: RFA_MESSAGES[rfa],
    qrData: waitingForScan
      ? qrData(order.qrStartToken, order.qrStartSecret, qrTimeAt(order.startedAt.getTime(), now))
      : null,
    launchUrl: requestStatus === 'pending' ? launchUrl(order, returnUrl) : null,
  };
}

/** Saves the session so its id (which binds the order) exists in the store before the order row points at it. */
function saveSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));
}

export class OrderService {
  private readonly now: () => number;

  constructor(private readonly deps: OrderServiceDeps) {
    this.now = deps.now ?? Date.now;
  }

  async start(
    req: Request,
    input: {
      loginMethod: LoginMethod;
      identificationMode: IdentificationMode;
      returnUrl: string | null;
      validatePersonalNumber?: string;
      /** validate: what the homeowner confirms (the BankID app says it), in `language`. */
      purpose?: SignPurpose;
      language?: MailLanguage;
    },
  ): Promise<SignStatus> {
    const endUserIp = req.ip ?? '127.0.0.1';
    const previous = req.session.bankidOrderId
      ? await findOrder(this.deps.db, req.session.bankidOrderId, req.sessionID)
      : undefined;
    if (previous?.status === 'pending') {
      await this.deps.rp.cancel(previous.orderRef).catch(() => undefined);
      // Replaced: nobody collects it again, so it must not stay 'pending' here even when BankID could not be told.
      await updateOrder(this.deps.db, previous.id, { status: 'failed', hintCode: 'cancelled' });
    }
    let started;
    try {
      const request = {
        endUserIp,
        ...(input.loginMethod === 'bankid.same_device' && input.returnUrl ? { returnUrl: input.returnUrl } : {}),
      };
      started =
        input.identificationMode === 'validate'
          ? await this.deps.rp.sign({
              ...request,
              userVisibleData: userVisibleData(input.purpose, input.language ?? 'sv'),
              userVisibleDataFormat: 'simpleMarkdownV1',
              requirement: { personalNumber: input.validatePersonalNumber },
            })
          : await this.deps.rp.auth(request);
    } catch (error) {
      throw this.asHttpError(error, input.loginMethod, input.identificationMode);
    }
    await saveSession(req);
    const order = await insertOrder(this.deps.db, {
      orderRef: started.orderRef,
      sessionId: req.sessionID,
      loginMethod: input.loginMethod,
      identificationMode: input.identificationMode,
      autoStartToken: started.autoStartToken,
      qrStartToken: started.qrStartToken,
      qrStartSecret: started.qrStartSecret,
      startedAt: new Date(this.now()),
      endUserIp,
      mobile: MOBILE_UA.test(req.get('user-agent') ?? ''),
      status: 'pending',
      hintCode: 'outstandingTransaction',
    });
    req.session.bankidOrderId = order.id;
    req.session.bankidOrderPurpose = input.identificationMode === 'validate' ? input.purpose : undefined;
    await saveSession(req);
    return this.withTestApp(order, signStatus(order, this.now(), input.returnUrl));
  }

  /** The current order of this session, collected from BankID when the last answer is older than 2 s. */
  async current(req: Request): Promise<BankIdOrderRow> {
    const order = await this.stored(req);
    if (order.status !== 'pending') return order;
    if (order.lastCollectedAt && this.now() - order.lastCollectedAt.getTime() < COLLECT_INTERVAL_MS) return order;
    const patch: Partial<BankIdOrderRow> = { lastCollectedAt: new Date(this.now()) };
    try {
      const collected = await this.deps.rp.collect(order.orderRef);
      patch.status = collected.status;
      patch.hintCode = collected.hintCode ?? null;
      if (collected.status === 'complete' && collected.completionData) {
        const { personalNumber, name, givenName, surname } = collected.completionData.user;
        // Only what the sign-in needs, and never in clear (docs/using-the-demo.md "Homeowner sign-in (BankID)").
        patch.completedUserEncrypted = this.deps.vault.encrypt(
          JSON.stringify({ personalNumber, name, givenName, surname }),
        );
        patch.hintCode = null;
      }
    } catch (error) {
      if (!(error instanceof BankIdError)) throw error;
      // invalidParameters on collect means the order is gone on BankID's side (too old): treat it as expired.
      patch.status = 'failed';
      if (error.errorCode === 'invalidParameters') patch.hintCode = 'expiredTransaction';
      else patch.errorCode = error.errorCode;
    }
    await updateOrder(this.deps.db, order.id, patch);
    return { ...order, ...patch };
  }

  async status(req: Request): Promise<SignStatus> {
    const order = await this.current(req);
    return this.withTestApp(order, signStatus(order, this.now()));
  }

  /**
   * In the demo, a QR order waiting for its scan can be approved on the simulator's page instead
   * (bankid/simulator/page.ts).
   */
  private withTestApp(order: BankIdOrderRow, status: SignStatus): SignStatus {
    if (!this.deps.testAppUrl || !status.qrData) return status;
    // Paused: the page's 2-second reload would wipe what the tester types into the order's form.
    return { ...status, testAppUrl: `${this.deps.testAppUrl}?refresh=off#order-${encodeURIComponent(order.orderRef)}` };
  }

  async cancel(req: Request): Promise<SignStatus> {
    // BankID unreachable while collecting: cancel the order as stored all the same.
    const order = await this.current(req).catch(() => this.stored(req));
    if (order.status === 'pending') {
      // BankID unreachable: the user still cancelled; their order expires there unused, and here it is over now.
      await this.deps.rp.cancel(order.orderRef).catch(() => undefined);
      const patch = { status: 'failed', hintCode: 'userCancel' };
      await updateOrder(this.deps.db, order.id, patch);
      return signStatus({ ...order, ...patch }, this.now());
    }
    return signStatus(order, this.now());
  }

  /** This session's order as last stored, without asking BankID. */
  private async stored(req: Request): Promise<BankIdOrderRow> {
    const id = req.session.bankidOrderId;
    const order = id ? await findOrder(this.deps.db, id, req.sessionID) : undefined;
    if (!order) throw new HttpError(404, 'not_found', 'No BankID order in this session. Start one first.');
    return order;
  }

  private asHttpError(error: unknown, loginMethod: LoginMethod, identificationMode: IdentificationMode): HttpError {
    if (!(error instanceof BankIdError))
      return new HttpError(502, 'bankid_unavailable', RFA_MESSAGES.RFA5.en, {
        rfa: 'RFA5',
        message: RFA_MESSAGES.RFA5,
      });
    const rfa = rfaFor({ status: 'error', errorCode: error.errorCode, autoStarted: false, qr: false, mobile: false });
    const status = error.errorCode === 'alreadyInProgress' ? 409 : error.errorCode === 'invalidParameters' ? 400 : 502;
    return new HttpError(status, error.errorCode, RFA_MESSAGES[rfa].en, {
      rfa,
      message: RFA_MESSAGES[rfa],
      loginMethod,
      identificationMode,
    });
  }
}
