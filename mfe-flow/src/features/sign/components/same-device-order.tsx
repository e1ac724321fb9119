import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderStatus, type OrderStatusProps } from './order-status';

/** BankID on this device: the app was started once; RFA18's "Start the BankID app" starts it again. */
export function SameDeviceOrder({
  launchUrl,
  message,
  headingRef,
  ...status
}: OrderStatusProps & {
  launchUrl: string | null;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation('flow');
  return (
    <section aria-labelledby="sign-step-title" style={{ display: 'grid', gap: '0.75rem', justifyItems: 'start' }}>
      <h2 id="sign-step-title" ref={headingRef} tabIndex={-1}>
        {t('sign.sameDevice')}
      </h2>
      <p style={{ margin: 0 }}>{t('sign.sameDeviceInstructions')}</p>
      {launchUrl ? (
        <a className="he-button" href={launchUrl}>
          {t('sign.launch')}
        </a>
      ) : null}
      <OrderStatus message={message} {...status} />
    </section>
  );
}
