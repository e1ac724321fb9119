import { useTranslation } from 'react-i18next';
import { formatDate, languageOf, useToast, type Consent } from '@home-energy/shared';
import { PRIVACY_WORDS } from '@home-energy/shared/i18n/privacy';
import { measureTextKey } from '@home-energy/shared/energy/measure-names';
import { useGetConsentsQuery, useWithdrawConsentMutation } from '../api/privacy-api';

/**
 * In My homes: each time the homeowner's contact details were shared with an installer, what and under which notice,
 * with a button to withdraw it (the installer then no longer sees them).
 */
export function ConsentsSection() {
  const { t, i18n } = useTranslation('flow');
  const toast = useToast();
  const consents = useGetConsentsQuery();
  const [withdraw, withdrawing] = useWithdrawConsentMutation();

  async function onWithdraw(consent: Consent) {
    try {
      await withdraw(consent.id).unwrap();
      toast(t('privacy.consents.withdrawn', { name: consent.recipient }));
    } catch {
      toast(t('privacy.consents.withdrawFailed'), 'error');
    }
  }

  const list = consents.data?.consents;
  return (
    <section aria-labelledby="consents-title" data-testid="consents">
      <h2 id="consents-title">{t('privacy.consents.title')}</h2>
      <p className="he-muted">{t('privacy.consents.intro')}</p>
      {consents.isError ? (
        <p role="alert">{t('privacy.consents.loadFailed')}</p>
      ) : !list ? null : list.length === 0 ? (
        <p>{t('privacy.consents.none')}</p>
      ) : (
        <ul className="flow-consents">
          {list.map((consent) => {
            const what = consent.shared.map((d) => PRIVACY_WORDS[languageOf(i18n)].sharedDetails[d]).join(', ');
            return (
              <li key={consent.id} className="he-card flow-consent">
                <p>
                  <strong>{consent.recipient}</strong> · {t(measureTextKey(consent.key))}
                </p>
                <p>
                  {t('privacy.consents.shared', { what, date: formatDate(consent.given_at, i18n.language) })}
                  <br />
                  <small className="he-muted">
                    {t('privacy.consents.notice', { version: consent.notice_version })}
                  </small>
                </p>
                {consent.withdrawn_at ? (
                  <p className="he-muted">
                    {t('privacy.consents.withdrawnOn', { date: formatDate(consent.withdrawn_at, i18n.language) })}
                  </p>
                ) : (
                  <button
                    type="button"
                    className="he-button he-button--secondary he-button--small"
                    disabled={withdrawing.isLoading}
                    onClick={() => void onWithdraw(consent)}
                  >
                    {t('privacy.consents.withdraw')}
                    <span className="he-visually-hidden">
                      {' '}
                      {t('privacy.consents.withdrawFrom', { name: consent.recipient })}
                    </span>
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
