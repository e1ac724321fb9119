import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <section className="he-card">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.description')}</p>
      <a className="he-button" href="/">
        {t('notFound.home')}
      </a>
    </section>
  );
}
