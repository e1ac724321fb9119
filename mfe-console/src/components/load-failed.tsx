import { useTranslation } from 'react-i18next';
import { apiErrorBody } from '@home-energy/shared/ui/user-management';

/** A failed load, with the server's message when it sent one, and a way to try again. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('console');
  return (
    <div className="he-alert" role="alert">
      <p style={{ margin: '0 0 0.5rem' }}>{apiErrorBody(error)?.message ?? t('common.loadFailed')}</p>
      <button type="button" className="he-button he-button--small" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
