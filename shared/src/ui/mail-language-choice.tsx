import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../i18n/languages';
import { useToast } from './toasts';

export interface MailLanguageChoiceProps {
  /** The stored mail language. */
  value: Language;
  /** Saves a new choice; a rejection shows the failure and keeps the stored value. */
  onChoose: (language: Language) => Promise<unknown>;
}

/** "Language for e-mails": a native select (keyboard as usual) that saves on change, in My homes and the console. */
export function MailLanguageChoice({ value, onChoose }: MailLanguageChoiceProps) {
  const { t } = useTranslation('common');
  const toast = useToast();
  const id = useId();
  const [saving, setSaving] = useState(false);

  async function choose(language: Language) {
    setSaving(true);
    try {
      await onChoose(language);
      toast(t('mailLanguage.saved', { language: t(`language.${language}`) }));
    } catch {
      toast(t('mailLanguage.failed'), 'error');
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="he-field">
      <label htmlFor={`${id}-mail-language`}>{t('mailLanguage.label')}</label>
      <select
        id={`${id}-mail-language`}
        className="he-select"
        value={value}
        disabled={saving}
        aria-describedby={`${id}-mail-language-hint`}
        onChange={(event) => void choose(event.target.value as Language)}
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng}>
            {t(`language.${lng}`)}
          </option>
        ))}
      </select>
      <p id={`${id}-mail-language-hint`} className="he-muted">
        {t('mailLanguage.hint')}
      </p>
    </div>
  );
}
