import { useTranslation } from 'react-i18next';
import { apiErrorBody } from './user-management/api-error';

/** A failed load, with the server's message when it sent one, and a way to try again. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t, i18n } = useTranslation('common', { useSuspense: false });
  // The server's messages are English: a page in another language says it in its own words.
  const english = (i18n.resolvedLanguage ?? i18n.language ?? 'en').startsWith('en');
  const said = english ? apiErrorBody(error)?.message : undefined;
  return (
    <div className="he-alert" role="alert">
      <p className="he-alert__text">{said ?? t('loadFailed.text')}</p>
      <button type="button" className="he-button he-button--small" onClick={onRetry}>
        {t('loadFailed.retry')}
      </button>
    </div>
  );
}
