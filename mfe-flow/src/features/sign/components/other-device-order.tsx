import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { BankIdQrCode } from './bankid-qr-code';
import { OrderStatus, type OrderStatusProps } from './order-status';

/** BankID on another device: the QR code to scan (a new one every second) while the order waits for it. */
export function OtherDeviceOrder({
  qrData,
  testAppUrl,
  message,
  headingRef,
  ...status
}: OrderStatusProps & {
  qrData: string | null;
  testAppUrl?: string;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation('flow');
  return (
    <section aria-labelledby="sign-step-title" style={{ display: 'grid', gap: '0.75rem', justifyItems: 'start' }}>
      <h2 id="sign-step-title" ref={headingRef} tabIndex={-1}>
        {t('sign.otherDevice')}
      </h2>
      {qrData ? (
        <>
          <p style={{ margin: 0 }}>{t('sign.scanInstructions')}</p>
          <div style={{ justifySelf: 'center' }}>
            <BankIdQrCode data={qrData} />
          </div>
          {testAppUrl ? (
            <p className="he-alert he-alert--info" style={{ margin: 0 }}>
              {t('sign.testApp.text')}{' '}
              <a href={testAppUrl} target="_blank" rel="noopener noreferrer">
                {t('sign.testApp.link')}
                <span className="he-visually-hidden"> {t('sign.testApp.newTab')}</span>
              </a>
            </p>
          ) : null}
        </>
      ) : null}
      <OrderStatus message={message} {...status} />
    </section>
  );
}
