import { useTranslation } from 'react-i18next';

/** Prints the dashboard as a report (the print stylesheet hides the controls). */
/** Enabled once the measures are on the page (they render just after the rest): a report without them is half one. */
export function PrintButton({ ready }: { ready: boolean }) {
  const { t } = useTranslation('results');
  return (
    <button
      type="button"
      className="he-button he-button--secondary rd-controls"
      disabled={!ready}
      onClick={() => window.print()}
    >
      {t('print')}
    </button>
  );
}
