import { useTranslation } from 'react-i18next';
import { apiErrorBody } from './user-management/api-error';

/** A failed load, with the server's message when it sent one, and a way to try again. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <div className="he-alert" role="alert">
      <p className="he-alert__text">{apiErrorBody(error)?.message ?? t('loadFailed.text')}</p>
      <button type="button" className="he-button he-button--small" onClick={onRetry}>
        {t('loadFailed.retry')}
      </button>
    </div>
  );
}
