import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveContactMutation } from '@home-energy/shared';
import { validateEmail, validateSwedishPhone } from '@home-energy/shared/validation/contact';

/** Asked when an installer request needs contact details first (loaded only then: it carries the phone metadata). */
export default function ContactStep({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation('results');
  const [saveContact, saving] = useSaveContactMutation();
  const [email, setEmail] = useState('');
  const [mobile, setMobile] = useState('');
  const [errors, setErrors] = useState<{ email?: string; mobile?: string; save?: string }>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const e = validateEmail(email);
    const m = validateSwedishPhone(mobile);
    setErrors({
      email: e.ok ? undefined : t('installers.invalidEmail'),
      mobile: m.ok ? undefined : t('installers.invalidPhone'),
    });
    if (!e.ok || !m.ok) return;
    try {
      await saveContact({ email: e.email, mobile: m.e164 }).unwrap();
      onSaved();
    } catch {
      setErrors({ save: t('installers.contactFailed') });
    }
  }

  return (
    <form className="rd-installers__contact" onSubmit={(event) => void onSubmit(event)} noValidate>
      <p>{t('installers.contactNeeded')}</p>
      {(['email', 'mobile'] as const).map((name) => (
        <div className="rd-field" key={name}>
          <label htmlFor={`rd-contact-${name}`}>{t(`installers.${name}`)}</label>
          <input
            id={`rd-contact-${name}`}
            type={name === 'email' ? 'email' : 'tel'}
            autoComplete={name === 'email' ? 'email' : 'tel'}
            value={name === 'email' ? email : mobile}
            aria-invalid={errors[name] ? true : undefined}
            aria-describedby={errors[name] ? `rd-contact-${name}-error` : undefined}
            onChange={(event) => (name === 'email' ? setEmail : setMobile)(event.target.value)}
          />
          {errors[name] ? (
            <p id={`rd-contact-${name}-error`} className="rd-form__status rd-form__status--error" role="alert">
              {errors[name]}
            </p>
          ) : null}
        </div>
      ))}
      {errors.save ? (
        <p className="rd-form__status rd-form__status--error" role="alert">
          {errors.save}
        </p>
      ) : null}
      <button type="submit" className="he-button" disabled={saving.isLoading}>
        {t('installers.saveAndSend')}
      </button>
    </form>
  );
}
