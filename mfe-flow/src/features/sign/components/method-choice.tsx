import { useTranslation } from 'react-i18next';
import { LOGIN_METHOD_LABELS } from '../lib/login-method-labels';
import { PrivacyNoticeLink, type LoginMethod } from '@home-energy/shared';

/** RFA20: BankID on this device or on another device. While an order starts, both buttons wait. */
export function MethodChoice({
  starting,
  onChoose,
}: {
  starting: LoginMethod | null;
  onChoose: (method: LoginMethod) => void;
}) {
  const { t } = useTranslation('flow');
  return (
    <div aria-busy={starting ? true : undefined} style={{ display: 'grid', gap: '1rem' }}>
      <p style={{ margin: 0 }}>{t('sign.question')}</p>
      <div style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
        {(['bankid.same_device', 'bankid.other_device'] as const).map((method) => (
          <button
            key={method}
            type="button"
            className="he-button"
            disabled={starting !== null}
            onClick={() => onChoose(method)}
          >
            {t(LOGIN_METHOD_LABELS[method])}
          </button>
        ))}
      </div>
      {starting ? <p role="status">{t('sign.starting')}</p> : null}
      {/* Before BankID starts: what signing in keeps about them. */}
      <PrivacyNoticeLink />
    </div>
  );
}
