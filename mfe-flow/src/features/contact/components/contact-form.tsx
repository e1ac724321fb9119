import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSaveContactMutation, useToast } from '@home-energy/shared';
import type { Contact, ContactRequest } from '@home-energy/shared/validation/contact';
import { contactCheck, loadContactCheck } from '../lib/contact-check';

type Field = 'name' | 'email' | 'mobile';
export interface ContactValues {
  name: string;
  email: string;
  mobile: string;
}

const FIELDS: readonly Field[] = ['name', 'email', 'mobile'];

/** The fields the BFF named in a 400 (`issues[].path` "body.email"), so the form can point at them. */
function fieldsNamedIn(error: unknown): Field[] {
  const issues = (error as { data?: { issues?: { path?: string }[] } } | null)?.data?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.map((i) => i.path?.replace(/^body\./, '')).filter((p): p is Field => FIELDS.includes(p as Field));
}

/**
 * Name (optional field), email and Swedish mobile, checked with the BFF's own schema (shared/validation/contact.ts) and
 * saved, normalised, through POST /api/flow/user/profile/contact. Used by /flow/contact and by My homes.
 */
export function ContactForm({
  initial,
  withName = false,
  onSaved,
}: {
  initial: ContactValues;
  withName?: boolean;
  onSaved?: () => void;
}) {
  const { t } = useTranslation('flow');
  const toast = useToast();
  const [saveContact, saving] = useSaveContactMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<ContactRequest, unknown, Contact>({
    // The schema checks a name when there is one (1–100 characters): the form without a name field holds none.
    defaultValues: withName ? initial : { email: initial.email, mobile: initial.mobile },
    resolver: contactCheck,
    reValidateMode: 'onSubmit',
  });
  const message = (field: Field) =>
    t(field === 'name' ? 'contact.invalidName' : field === 'email' ? 'contact.invalidEmail' : 'contact.invalidPhone');

  const onValid = async (contact: Contact) => {
    if (saving.isLoading) return;
    setProblem(null);
    try {
      await saveContact(contact).unwrap();
      toast(t('contact.saved'));
      onSaved?.();
    } catch (error) {
      for (const field of fieldsNamedIn(error)) setError(field, { message: message(field) });
      setProblem(t('contact.failed'));
    }
  };

  const field = (name: Field, type: string, autoComplete: string) => (
    <div className="flow-field">
      <label htmlFor={`contact-${name}`} className="flow-label">
        {t(`contact.${name}`)}
      </label>
      <input
        id={`contact-${name}`}
        type={type}
        className="flow-input"
        autoComplete={autoComplete}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `contact-${name}-error` : undefined}
        // The check is loaded once the homeowner starts on the form, so it is there when they send it.
        onFocus={() => void loadContactCheck().catch(() => undefined)}
        {...register(name, { onChange: () => clearErrors(name) })}
      />
      {errors[name] ? (
        <p id={`contact-${name}-error`} className="flow-error" role="alert">
          {message(name)}
        </p>
      ) : null}
    </div>
  );

  return (
    <form
      className="he-card flow-form"
      // The check could not be loaded (offline): nothing was sent, and the form says so.
      onSubmit={(event) => void handleSubmit(onValid)(event).catch(() => setProblem(t('contact.failed')))}
      noValidate
    >
      {withName ? field('name', 'text', 'name') : null}
      {field('email', 'email', 'email')}
      {field('mobile', 'tel', 'tel')}
      {problem ? (
        <p className="flow-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="flow-actions">
        {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the page while it saves. */}
        <button type="submit" className="he-button" aria-disabled={saving.isLoading || undefined}>
          {saving.isLoading ? t('contact.saving') : t('contact.submit')}
        </button>
      </div>
    </form>
  );
}
