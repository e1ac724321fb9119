import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from '@home-energy/shared/router';
import { skipToken } from '@reduxjs/toolkit/query';
import {
  getCsrfToken,
  type AppDispatch,
  type IdentificationMode,
  type LoginMethod,
  type SignPurpose,
  type SignStatus,
} from '@home-energy/shared';
import { useCancelSignMutation } from '../api/cancel-sign';
import {
  SIGN_POLL_INTERVAL_MS,
  signStatusApi,
  useGetSignStatusQuery,
  useLazyGetSignStatusQuery,
} from '../api/get-sign-status';
import { useSignInHomeownerMutation } from '../api/sign-in-homeowner';
import { useStartSignMutation } from '../api/start-sign';
import { announceSignIn } from './announce-sign-in';
import { bankIdApp } from './bankid-app';
import { isTransient, signProblem, type SignProblem } from './sign-problem';

/** The attempt number of an order found on arrival (after a reload, or back from the BankID app). */
const RESUMED_ORDER = 0;

export type SignStep =
  /** Asking the BFF whether this session already has an order. */
  | { name: 'checking' }
  /** RFA20: this device or another device; `starting` while the order is being created. */
  | { name: 'choice'; starting: LoginMethod | null }
  /**
   * An order is pending: polling its status (and QR code) every second. `launchUrl` is the start answer's, which
   * carries the return path (the status answers may not).
   */
  | { name: 'order'; attempt: number; method: LoginMethod; launchUrl: string | null }
  /** The order completed: signing in and moving on. */
  | { name: 'signing-in' }
  /** BankID ended the order (cancelled, expired, …): its message. */
  | { name: 'failed'; status: SignStatus }
  | { name: 'error'; problem: SignProblem; retry: () => void };

const CHOICE: SignStep = { name: 'choice', starting: null };

class MissingCsrfToken extends Error {}

async function csrfToken(): Promise<string> {
  const token = await getCsrfToken();
  if (!token) throw new MissingCsrfToken('no CSRF token');
  return token;
}

export interface SignFlow {
  step: SignStep;
  /** The pending order as last polled (step `order`). */
  order: SignStatus | undefined;
  /** Polling failed for a moment (no answer or a 5xx); it goes on. */
  connectionLost: boolean;
  cancelling: boolean;
  choose: (method: LoginMethod) => void;
  cancel: () => void;
  restart: () => void;
}

/**
 * The homeowner's BankID sign-in as steps. The order lives in the BFF's session, so on arrival the page asks for it
 * and resumes a pending one (the BankID app may bring the user back in a new tab or a reloaded page).
 *
 * @param destination where to go (replace) once signed in.
 * @param returnPath same device: where the BankID app sends the user back (this page, to resume).
 * @param enabled false while the session is read or when a homeowner is already signed in.
 * @param confirm for a signed-in homeowner confirming who they are (`validate`: BankID asks for their personal
 *   number): what to do once the order is complete, instead of signing in.
 * @param purpose with `confirm`: what the homeowner confirms, which the BankID app shows them.
 */
export function useSignFlow({
  destination,
  returnPath,
  enabled,
  confirm,
  purpose,
}: {
  destination: string;
  returnPath: string | undefined;
  enabled: boolean;
  confirm?: (csrfToken: string) => Promise<void>;
  purpose?: SignPurpose;
}): SignFlow {
  const navigate = useNavigate();
  const dispatch = useDispatch<AppDispatch>();
  const [step, setStep] = useState<SignStep>({ name: 'checking' });
  const [cancelling, setCancelling] = useState(false);
  const attempts = useRef(RESUMED_ORDER);
  const checked = useRef(false);
  const [startSign] = useStartSignMutation();
  const [cancelSign] = useCancelSignMutation();
  const [signInHomeowner] = useSignInHomeownerMutation();
  const [findOrder] = useLazyGetSignStatusQuery();

  // Polls only in step `order`, which the order leaves as soon as it is no longer pending (and not while cancelling).
  const polling = useGetSignStatusQuery(step.name === 'order' ? step.attempt : skipToken, {
    pollingInterval: cancelling ? 0 : SIGN_POLL_INTERVAL_MS,
  });
  const order = step.name === 'order' ? (polling.currentData ?? undefined) : undefined;
  const pollError = step.name === 'order' ? polling.error : undefined;

  const restart = useCallback(() => setStep(CHOICE), []);

  const finish = useCallback(async () => {
    setStep({ name: 'signing-in' });
    try {
      if (confirm) return await confirm(await csrfToken());
      await signInHomeowner({ csrfToken: await csrfToken() }).unwrap();
    } catch (error) {
      // No answer: sign in again. Refused (409 not complete, 404 no order): the order cannot be used, start a new one.
      setStep({
        name: 'error',
        problem: signProblem(error),
        retry: isTransient(error) ? () => void finish() : restart,
      });
      return;
    }
    await announceSignIn();
    navigate(destination, { replace: true });
  }, [confirm, destination, navigate, restart, signInHomeowner]);

  const choose = useCallback(
    async (method: LoginMethod) => {
      setStep({ name: 'choice', starting: method });
      try {
        const sameDevice = method === 'bankid.same_device';
        const status = await startSign({
          csrfToken: await csrfToken(),
          loginMethod: method,
          identificationMode: (confirm ? 'validate' : 'identify') satisfies IdentificationMode,
          ...(confirm && purpose ? { purpose } : {}),
          ...(sameDevice && returnPath ? { returnPath } : {}),
        }).unwrap();
        const attempt = ++attempts.current;
        await dispatch(signStatusApi.util.upsertQueryData('getSignStatus', attempt, status));
        setStep({ name: 'order', attempt, method, launchUrl: status.launchUrl });
        if (sameDevice && status.requestStatus === 'pending' && status.launchUrl) bankIdApp.open(status.launchUrl);
      } catch (error) {
        setStep({ name: 'error', problem: signProblem(error), retry: () => void choose(method) });
      }
    },
    [confirm, dispatch, purpose, returnPath, startSign],
  );

  const cancel = useCallback(async () => {
    setCancelling(true);
    try {
      await cancelSign({ csrfToken: await csrfToken() }).unwrap();
    } catch {
      // Back to the choice all the same: an order nobody scans expires at BankID, and a new one replaces it.
    }
    setCancelling(false);
    setStep(CHOICE);
  }, [cancelSign]);

  // On arrival: resume this session's order if it is still going (or already complete), else offer the choice.
  useEffect(() => {
    if (!enabled || checked.current) return;
    checked.current = true;
    findOrder(RESUMED_ORDER)
      .unwrap()
      .then(
        (status) => {
          if (!status)
            setStep(CHOICE); // 204: no order in this session
          else if (status.requestStatus === 'pending')
            setStep({ name: 'order', attempt: RESUMED_ORDER, method: status.loginMethod, launchUrl: null });
          else if (status.requestStatus === 'complete') void finish();
          else setStep(CHOICE);
        },
        () => setStep(CHOICE),
      );
  }, [enabled, findOrder, finish]);

  useEffect(() => {
    if (!order || cancelling) return;
    if (order.requestStatus === 'complete') void finish();
    else if (order.requestStatus === 'failed') setStep({ name: 'failed', status: order });
  }, [order, cancelling, finish]);

  useEffect(() => {
    if (pollError && !isTransient(pollError))
      setStep({ name: 'error', problem: signProblem(pollError), retry: restart });
  }, [pollError, restart]);

  // 204 while polling: the server no longer knows this session's order (e.g. the session expired).
  const orderGone = step.name === 'order' && polling.currentData === null;
  useEffect(() => {
    if (orderGone) setStep({ name: 'error', problem: { kind: 'server', status: 204, message: null }, retry: restart });
  }, [orderGone, restart]);

  return {
    step,
    order,
    connectionLost: Boolean(pollError && isTransient(pollError)),
    cancelling,
    choose: (method) => void choose(method),
    cancel: () => void cancel(),
    restart,
  };
}
