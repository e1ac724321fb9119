import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@home-energy/shared';
import { passwordChooseSchema } from '@home-energy/shared/schemas/mail';
import { useIssueTexts } from '@home-energy/shared/ui/user-management/issue-texts';

/**
 * A new password, typed twice: checked here for length and match, then `save` (the server's 400 names the field).
 * Used by "Choose your password" and the page of a mailed link.
 */
export function NewPasswordForm({
  save,
  submitLabel,
}: {
  save: (password: string) => Promise<unknown>;
  submitLabel: string;
}) {
  const { t } = useTranslation('console');
  const { checkErrors, fieldErrors, failureText } = useIssueTexts();
  const id = useId();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const repeatRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) {
      setErrors({ password: t('newPassword.tooShort', { count: PASSWORD_MIN_LENGTH }) });
      return passwordRef.current?.focus();
    }
    if (password !== repeat) {
      setErrors({ repeat: t('newPassword.mismatch') });
      return repeatRef.current?.focus();
    }
    // The BFF's own check of the password: the one-time password it replaces is refused.
    const rules = { password: t('newPassword.notOneTime') };
    const checked = passwordChooseSchema.safeParse({ password });
    if (!checked.success) {
      setErrors(checkErrors(checked.error.issues, rules));
      return passwordRef.current?.focus();
    }
    setErrors({});
    setBusy(true);
    try {
      await save(password);
    } catch (error) {
      const fields = fieldErrors(error, rules);
      setErrors(
        fields.password ? { password: fields.password } : { form: failureText(error, t('newPassword.failed')) },
      );
    } finally {
      setBusy(false);
    }
  }

  const fields = [
    ['password', password, setPassword, passwordRef],
    ['repeat', repeat, setRepeat, repeatRef],
  ] as const;
  return (
    <form className="he-form" onSubmit={onSubmit} noValidate>
      {errors.form ? (
        <div className="he-alert" role="alert">
          {errors.form}
        </div>
      ) : null}
      {fields.map(([field, value, set, ref]) => (
        <div className="he-field" key={field}>
          <label htmlFor={`${id}-${field}`}>{t(`newPassword.${field}`)}</label>
          <input
            id={`${id}-${field}`}
            ref={ref}
            type="password"
            autoComplete="new-password"
            value={value}
            onChange={(e) => set(e.target.value)}
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={errors[field] ? `${id}-${field}-error` : `${id}-hint`}
          />
          {errors[field] ? (
            <p id={`${id}-${field}-error`} className="he-field__error">
              {errors[field]}
            </p>
          ) : null}
        </div>
      ))}
      <p id={`${id}-hint`} className="he-muted">
        {t('newPassword.hint', { count: PASSWORD_MIN_LENGTH })}
      </p>
      <button type="submit" className="he-button" disabled={busy}>
        {busy ? t('newPassword.saving') : submitLabel}
      </button>
    </form>
  );
}
