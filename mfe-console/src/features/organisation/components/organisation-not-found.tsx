import { useEffect } from 'react';
import { Link } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@home-energy/shared';
import { organisationPath } from '@home-energy/shared/mfe/pages';

/** The details call answered 404: the organisation does not exist or the user is not a member. */
export function OrganisationNotFound({ user }: { user: SessionUser }) {
  const { t } = useTranslation('console');
  const title = t('organisation.notFound.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
  const [first] = user.organisations;
  return (
    <section className="he-card" aria-labelledby="organisation-not-found-title">
      <h1 id="organisation-not-found-title">{title}</h1>
      <p>{t('organisation.notFound.text')}</p>
      <p style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
        {first ? (
          <Link className="he-button" to={organisationPath(first.slug, 'org-select')}>
            {t('organisation.notFound.choose')}
          </Link>
        ) : (
          <Link className="he-button" to="/console">
            {t('organisation.notFound.console')}
          </Link>
        )}
        {user.superAdmin ? (
          <Link className="he-button he-button--secondary" to="/console/admin">
            {t('organisation.superAdmin')}
          </Link>
        ) : null}
      </p>
    </section>
  );
}
