import { useEffect } from 'react';
import { Link } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';

/** A homeowner who is already signed in: nothing to do but go on. */
export function SignedInPanel({ name, destination }: { name: string | null | undefined; destination: string }) {
  const { t } = useTranslation('flow');
  useEffect(() => {
    document.title = t('sign.alreadySignedIn.title');
  }, [t]);
  return (
    <section className="he-card" style={{ maxWidth: 480, margin: '2rem auto' }} aria-labelledby="sign-title">
      <h1 id="sign-title">{t('sign.alreadySignedIn.title')}</h1>
      {name ? <p>{t('sign.alreadySignedIn.as', { name })}</p> : null}
      <Link className="he-button" to={destination}>
        {t('sign.alreadySignedIn.continue')}
      </Link>
    </section>
  );
}
