import { Link } from '@home-energy/shared/router';
import { questionsPath } from '@home-energy/shared/mfe/pages';
import { useTranslation } from 'react-i18next';
import { useMarkUsable } from '@home-energy/shared';

/**
 * No results for the property: for a known property, a way to answer its questions; for one the register does not
 * know, a way back to the address search.
 */
export function NoResults({ propertyId, unknownProperty }: { propertyId: number; unknownProperty: boolean }) {
  const { t } = useTranslation('results');
  // A dashboard opened without answers (a shared link) is done when it offers the way to them.
  useMarkUsable(true);
  return (
    <section className="he-card rd-start" data-testid="no-profile">
      <h2>{t(unknownProperty ? 'start.unknownHeading' : 'start.heading')}</h2>
      <p>{t(unknownProperty ? 'start.unknownText' : 'start.text')}</p>
      <p className="rd-start__links">
        <Link className="he-button" to="/">
          {t('start.link')}
        </Link>
        {!unknownProperty ? (
          <Link className="he-button he-button--secondary" to={questionsPath(propertyId)}>
            {t('start.questions')}
          </Link>
        ) : null}
      </p>
    </section>
  );
}
