import { useEffect } from 'react';
import { Link } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';

/** Shown instead of a page the rules table does not allow this user in this organisation. */
export function NoAccessPanel({ homeHref }: { homeHref: string }) {
  const { t } = useTranslation('console');
  const title = t('noAccess.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <section className="he-card" aria-labelledby="no-access-title">
      <h1 id="no-access-title">{title}</h1>
      <p>{t('noAccess.text')}</p>
      <Link className="he-button he-button--secondary" to={homeHref}>
        {t('noAccess.home')}
      </Link>
    </section>
  );
}
