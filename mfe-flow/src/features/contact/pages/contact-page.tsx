import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading, signRedirectUrl, useGetProfileQuery, useRecordInteractionMutation, useSaveContactMutation, useSession, useToast } from '@home-energy/shared';
import { validateEmail, validateSwedishPhone } from '@home-energy/shared/validation/contact';

/** /flow/contact: email and Swedish mobile so installers can reach the homeowner (spec §5 messages). */
export default function ContactPage() {
  const { t } = useTranslation('flow');
  const toast = useToast();
  const session = useSession({
    required: true,
    onUnauthenticated: () => {
      const target = signRedirectUrl(window.location);
      if (target) window.location.assign(target);
    },
  });
  const homeowner = session.status === 'authenticated' && session.data.user.kind === 'homeowner';
  const profile = useGetProfileQuery(undefined, { skip: !homeowner });
  const [saveContact, saving] = useSaveContactMutation();
  const [recordInteraction] = useRecordInteractionMutation();
  const [form, setForm] = useState<{ email: string; mobile: string } | null>(null);
  const [errors, setErrors] = useState<{ email?: string; mobile?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    document.title = t('contact.title');
  }, [t]);
  useEffect(() => {
    if (form || !profile.data) return;
    setForm({ email: profile.data.contact?.email ?? '', mobile: profile.data.contact?.mobile ?? '' });
  }, [form, profile.data]);

  if (session.status !== 'authenticated' || (homeowner && !form && !profile.isError)) return <Loading />;
  if (!homeowner) {
    return (
      <section className="he-card" role="alert">
        <h1>{t('contact.title')}</h1>
        <p>{t('addProperty.homeownersOnly')}</p>
      </section>
    );
  }
  const values = form ?? { email: '', mobile: '' };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const email = validateEmail(values.email);
    const mobile = validateSwedishPhone(values.mobile);
    const found = { email: email.ok ? undefined : t('contact.invalidEmail'), mobile: mobile.ok ? undefined : t('contact.invalidPhone') };
    setErrors(found);
    if (!email.ok || !mobile.ok) {
      document.getElementById(!email.ok ? 'contact-email' : 'contact-mobile')?.focus();
      return;
    }
    setProblem(null);
    try {
      await saveContact({ email: email.email, mobile: mobile.e164 }).unwrap();
      void recordInteraction({ action: 'contact.submit', object: 'contact_form' });
      toast(t('contact.saved'));
    } catch {
      setProblem(t('contact.failed'));
    }
  }

  const field = (name: 'email' | 'mobile', type: string, autoComplete: string) => (
    <div className="flow-field">
      <label htmlFor={`contact-${name}`} className="flow-label">
        {t(`contact.${name}`)}
      </label>
      <input
        id={`contact-${name}`}
        name={name}
        type={type}
        className="flow-input"
        autoComplete={autoComplete}
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `contact-${name}-error` : undefined}
        onChange={(event) => {
          setForm({ ...values, [name]: event.target.value });
          setErrors((current) => ({ ...current, [name]: undefined }));
        }}
      />
      {errors[name] ? (
        <p id={`contact-${name}-error`} className="flow-error" role="alert">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <section className="flow-narrow" aria-labelledby="contact-title">
      <h1 id="contact-title">{t('contact.title')}</h1>
      <p className="flow-lead">{t('contact.intro')}</p>
      <form className="he-card flow-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {field('email', 'email', 'email')}
        {field('mobile', 'tel', 'tel')}
        {problem ? (
          <p className="flow-error" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="flow-actions">
          <button type="submit" className="he-button" disabled={saving.isLoading}>
            {saving.isLoading ? t('contact.saving') : t('contact.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
