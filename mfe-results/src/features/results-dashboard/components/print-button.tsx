import { useTranslation } from 'react-i18next';

/** Prints the dashboard as a report (the print stylesheet hides the controls). */
export function PrintButton() {
  const { t } = useTranslation('results');
  return (
    <button type="button" className="he-button he-button--secondary rd-controls" onClick={() => window.print()}>
      {t('print')}
    </button>
  );
}
