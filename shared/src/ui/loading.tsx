import { useTranslation } from 'react-i18next';

export function Loading({ label }: { label?: string }) {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <div className="he-loading" role="status" aria-live="polite">
      <span className="he-spinner" aria-hidden="true" />
      <span>{label ?? (ready ? t('loading') : 'Loading…')}</span>
    </div>
  );
}
