import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveContactMutation, useToast } from '@home-energy/shared';
import { CONTACT_NAME_MAX_LENGTH, validateEmail, validateSwedishPhone } from '@home-energy/shared/validation/contact';

type Field = 'name' | 'email' | 'mobile';
export interface ContactValues {
  name: string;
  email: string;
  mobile: string;
}

/** The fields the BFF named in a 400 (`issues[].path` "body.email"), so the form can point at them. */
function fieldsNamedIn(error: unknown): Field[] {
  const issues = (error as { data?: { issues?: { path?: string }[] } } | null)?.data?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.map((i) => i.path?.replace(/^body\./, '')).filter((p): p is Field => p === 'name' || p === 'email' || p === 'mobile');
}

/**
 * Name (optional field), email and Swedish mobile, checked as the BFF checks them (shared/validation/contact.ts) and
 * saved through POST /api/flow/user/profile/contact. Used by /flow/contact and by My homes.
 */
export function ContactForm({ initial, withName = false, onSaved }: { initial: ContactValues; withName?: boolean; onSaved?: () => void }) {
  const { t } = useTranslation('flow');
  const toast = useToast();
  const [saveContact, saving] = useSaveContactMutation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const message = (field: Field) => t(field === 'name' ? 'contact.invalidName' : field === 'email' ? 'contact.invalidEmail' : 'contact.invalidPhone');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const name = values.name.trim();
    const email = validateEmail(values.email);
    const mobile = validateSwedishPhone(values.mobile);
    const nameOk = !withName || (name.length > 0 && name.length <= CONTACT_NAME_MAX_LENGTH);
    const found: Partial<Record<Field, string>> = {
      name: nameOk ? undefined : message('name'),
      email: email.ok ? undefined : message('email'),
      mobile: mobile.ok ? undefined : message('mobile'),
    };
    setErrors(found);
    const first = (['name', 'email', 'mobile'] as const).find((f) => found[f]);
    if (first || !email.ok || !mobile.ok) {
      document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    setProblem(null);
    try {
      await saveContact({ ...(withName ? { name } : {}), email: email.email, mobile: mobile.e164 }).unwrap();
      toast(t('contact.saved'));
      onSaved?.();
    } catch (error) {
      const named = fieldsNamedIn(error);
      if (named.length > 0) setErrors(Object.fromEntries(named.map((f) => [f, message(f)])));
      setProblem(t('contact.failed'));
    }
  }

  const field = (name: Field, type: string, autoComplete: string) => (
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
          setValues({ ...values, [name]: event.target.value });
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
    <form className="he-card flow-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      {withName ? field('name', 'text', 'name') : null}
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
  );
}
