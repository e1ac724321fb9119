import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useLocation, useSearchParams } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import { Loading, useMarkUsable, useSession } from '@home-energy/shared';
import { OtherDeviceOrder } from '../components/other-device-order';
import { MethodChoice } from '../components/method-choice';
import { SameDeviceOrder } from '../components/same-device-order';
import { SignAlert } from '../components/sign-alert';
import { SignedInPanel } from '../components/signed-in-panel';
import { signDestination } from '../lib/sign-destination';
import { localMessage } from '../lib/sign-message';
import type { SignProblem } from '../lib/sign-problem';
import { useSignFlow, type SignFlow, type SignStep } from '../lib/use-sign-flow';

const SIGN_CARD = { maxWidth: 480, margin: '2rem auto' };

/** The longest returnPath the BFF accepts (shared's startSignSchema). */
const MAX_RETURN_PATH = 2000;

function stepKey(step: SignStep): string {
  return step.name === 'order' ? `order-${step.attempt}` : step.name;
}

/**
 * /sign: homeowner sign-in with BankID (docs/product.md §2). `?redirect=` and `?asPath=` (set by the 401 redirect) say
 * where to go afterwards. Focus moves to the heading of each new step so screen readers hear what changed.
 */
export function SignPage() {
  const { t, i18n } = useTranslation('flow');
  const [params] = useSearchParams();
  const location = useLocation();
  const { data: session, status } = useSession();
  const homeowner = session?.user.kind === 'homeowner' ? session.user : null;
  const destination = signDestination(params);
  const ownPath = `${location.pathname}${location.search}`;
  const flow = useSignFlow({
    destination,
    returnPath: ownPath.length <= MAX_RETURN_PATH ? ownPath : undefined,
    enabled: status !== 'loading' && !homeowner,
  });
  const { step } = flow;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Usable once the page offers what to do: the choice of device (its start buttons), an order found on arrival
  // (its QR code or BankID link), or, for a homeowner already signed in, the way on.
  const signedInPanel = homeowner !== null && step.name !== 'signing-in';
  const sessionRead = status !== 'loading';
  useMarkUsable(
    signedInPanel || (sessionRead && (step.name === 'choice' || (step.name === 'order' && flow.order !== undefined))),
  );

  useEffect(() => {
    document.title = t('sign.title');
  }, [t]);

  // Move focus on every step change after the first step the visitor saw.
  const key = stepKey(step);
  const shownKey = useRef<string | null>(null);
  useEffect(() => {
    const previous = shownKey.current;
    shownKey.current = key;
    if (previous && previous !== 'checking' && previous !== key) headingRef.current?.focus();
  }, [key]);

  if (signedInPanel) return <SignedInPanel name={homeowner.name} destination={destination} />;
  // Loading in the card the page then fills: the card's top margin would otherwise move the page when it arrives.
  if (status === 'loading' || step.name === 'checking')
    return (
      <section className="he-card" style={SIGN_CARD} aria-busy="true">
        <Loading />
      </section>
    );

  return (
    <section className="he-card" style={SIGN_CARD} aria-labelledby="sign-title">
      <h1 id="sign-title" ref={step.name === 'choice' ? headingRef : undefined} tabIndex={-1}>
        {t('sign.title')}
      </h1>
      <SignStepView flow={flow} headingRef={headingRef} language={i18n.language} />
    </section>
  );
}

/** The current step of a BankID order: the choice of device, the order, its end (also My homes' confirmations). */
export function SignStepView({
  flow,
  headingRef,
  language,
}: {
  flow: SignFlow;
  headingRef: RefObject<HTMLHeadingElement | null>;
  language: string;
}): ReactNode {
  const { t } = useTranslation('flow');
  const { step, order } = flow;
  switch (step.name) {
    case 'choice':
      return <MethodChoice starting={step.starting} onChoose={flow.choose} />;
    case 'order': {
      if (!order) return <Loading />;
      const props = {
        message: localMessage(order.message, language),
        headingRef,
        connectionLost: flow.connectionLost,
        cancelling: flow.cancelling,
        onCancel: flow.cancel,
      };
      return step.method === 'bankid.same_device' ? (
        <SameDeviceOrder {...props} launchUrl={step.launchUrl ?? order.launchUrl} />
      ) : (
        <OtherDeviceOrder {...props} qrData={order.qrData} testAppUrl={order.testAppUrl} />
      );
    }
    case 'signing-in':
      return (
        <section aria-labelledby="sign-step-title">
          <h2 id="sign-step-title" ref={headingRef} tabIndex={-1}>
            {t('sign.complete.title')}
          </h2>
          <p role="status">{t('sign.complete.text')}</p>
        </section>
      );
    case 'failed':
      return (
        <SignAlert
          title={t('sign.failedTitle')}
          lines={[localMessage(step.status.message, language)]}
          onRetry={flow.restart}
          headingRef={headingRef}
        />
      );
    case 'error':
      return (
        <SignAlert
          title={t('sign.errorTitle')}
          lines={problemLines(step.problem, language, t)}
          onRetry={step.retry}
          headingRef={headingRef}
        />
      );
    default:
      return null;
  }
}

/** RFA5's "Something went wrong" with the server's own message, or a connection problem. */
function problemLines(problem: SignProblem, language: string, t: (key: string) => string): string[] {
  if (problem.kind === 'network') return [t('sign.errors.network')];
  const { message } = problem;
  const detail = typeof message === 'string' ? message : message ? localMessage(message, language) : null;
  const lines = [t('sign.errors.server')];
  if (detail && detail !== lines[0]) lines.push(detail);
  return lines;
}
