import type { RequestHandler } from 'express';
import { ControlError } from './simulator';

/**
 * Faults the simulated RP API can be told to show (control API `POST /simulator/api/faults`), so tests can see what a
 * user sees when BankID is slow or unreachable. The control API and the approve page are never affected: a test must
 * be able to turn the fault off again.
 */
export interface RpFaults {
  /** Every RP API answer waits this long first (0 = none). */
  delayMs: number;
  /** The RP API drops every connection without an answer, like a host that is down. */
  down: boolean;
}

export const NO_FAULTS: Readonly<RpFaults> = Object.freeze({ delayMs: 0, down: false });
/** Longer than any RP client timeout worth testing, short enough that a forgotten fault cannot hang a run for long. */
export const MAX_FAULT_DELAY_MS = 120_000;

/** The body of `POST /faults`: the whole new set, omitted fields off (so `{}` recovers). */
export function parseFaults(body: unknown): RpFaults {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ControlError('bad_request', 'the body must be a JSON object');
  const { delayMs = 0, down = false, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0)
    throw new ControlError('bad_request', `unknown fault ${unknown.join(', ')}; use delayMs and down`);
  if (typeof delayMs !== 'number' || !Number.isInteger(delayMs) || delayMs < 0 || delayMs > MAX_FAULT_DELAY_MS) {
    throw new ControlError('bad_request', `delayMs must be an integer from 0 to ${MAX_FAULT_DELAY_MS}`);
  }
  if (typeof down !== 'boolean') throw new ControlError('bad_request', 'down must be true or false');
  return { delayMs, down };
}

/** Applies the current faults (read on every request) in front of the RP API. */
export function rpFaults(current: () => RpFaults): RequestHandler {
  return (req, res, next) => {
    const { delayMs, down } = current();
    // Down: the connection closes without a byte, as when nothing listens or the host is gone.
    if (down) return void req.socket.destroy();
    if (delayMs === 0) return next();
    const timer = setTimeout(next, delayMs);
    // The client gave up (its timeout): nothing left to answer.
    res.on('close', () => clearTimeout(timer));
  };
}
