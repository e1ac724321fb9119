import { useTranslation } from 'react-i18next';

/**
 * The order's recommended user message (announced politely as it changes), a notice while polling gets no answer,
 * and Cancel.
 */
export interface OrderStatusProps {
  message: string;
  connectionLost: boolean;
  cancelling: boolean;
  onCancel: () => void;
}

export function OrderStatus({ message, connectionLost, cancelling, onCancel }: OrderStatusProps) {
  const { t } = useTranslation('flow');
  return (
    <>
      <p role="status" aria-live="polite" style={{ fontWeight: 600 }}>
        {message}
      </p>
      {connectionLost ? <p style={{ color: 'var(--he-muted)' }}>{t('sign.connectionLost')}</p> : null}
      <button type="button" className="he-button he-button--secondary" disabled={cancelling} onClick={onCancel}>
        {cancelling ? t('sign.cancelling') : t('sign.cancel')}
      </button>
    </>
  );
}
