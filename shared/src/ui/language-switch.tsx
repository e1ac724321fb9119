import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, LANGUAGES, type Language } from '../i18n/i18n';

/** One switch for the whole page: every remote reads the same i18next instance. */
export function LanguageSwitch() {
  const { t } = useTranslation('common');
  return (
    <label>
      <span className="he-visually-hidden">{t('language.label')}</span>
      <select
        className="he-select"
        value={currentLanguage()}
        onChange={(event) => void changeLanguage(event.target.value as Language)}
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng}>
            {t(`language.${lng}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
