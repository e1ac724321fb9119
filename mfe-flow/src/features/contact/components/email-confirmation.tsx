import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResendEmailVerificationMutation, type Profile } from '@home-energy/shared';
import { apiErrorBody } from '@home-energy/shared/ui/user-management/api-error';

/**
 * Under the contact form: whether the homeowner's email is confirmed, and until it is, "check your inbox" with a
 * button that mails the link again (the BFF allows one a minute to an address and five a day; its 429 says which).
 */
export function EmailConfirmation({ contact }: { contact: Profile['contact'] }) {
  const { t } = useTranslation('flow');
  const [resend, resending] = useResendEmailVerificationMutation();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  if (!contact?.email) return null;
  const email = contact.email;
  if (contact.email_verified)
    return (
      <p className="he-muted" data-testid="email-confirmation">
        {t('contact.confirmed', { email })}
      </p>
    );

  async function onResend() {
    setResult(null);
    try {
      await resend().unwrap();
      setResult({ ok: true, text: t('contact.resent', { email }) });
    } catch (error) {
      const body = apiErrorBody(error);
      const refusal = body?.error === 'too_many_requests' ? body.issues?.[0] : undefined;
      const reason = refusal?.code === 'too_soon' || refusal?.code === 'daily' ? refusal.code : null;
      setResult({
        ok: false,
        text: reason
          ? t(`contact.resendRefused.${reason}`, { seconds: refusal?.params?.seconds })
          : t('contact.resendFailed'),
      });
    }
  }

  return (
    <div className="he-alert he-alert--info" data-testid="email-confirmation">
      <p>{t('contact.unconfirmed', { email })}</p>
      <button
        type="button"
        className="he-button he-button--secondary he-button--small"
        disabled={resending.isLoading}
        onClick={() => void onResend()}
      >
        {resending.isLoading ? t('contact.resending') : t('contact.resend')}
      </button>
      {result ? (
        <p role={result.ok ? 'status' : 'alert'} className={result.ok ? undefined : 'flow-error'}>
          {result.text}
        </p>
      ) : null}
    </div>
  );
}
