import { useEffect } from 'react';
import { Link } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import { Loading, useDeleteProfilePropertyMutation, useGetProfileQuery, useToast } from '@home-energy/shared';
import { HomeRequests } from '../components/home-requests';

/**
 * /flow/profile: the signed-in homeowner's homes and contact details. Without a session the profile call answers
 * 401 and the shared API slice sends the visitor to /sign, which brings them back here.
 */
export function ProfilePage() {
  const { t } = useTranslation('flow');
  const { data: profile, isLoading, isError, refetch } = useGetProfileQuery();
  const [removeProperty, removal] = useDeleteProfilePropertyMutation();
  const toast = useToast();

  useEffect(() => {
    document.title = t('profile.title');
  }, [t]);

  if (isLoading) return <Loading />;
  if (isError || !profile) {
    return (
      <section className="he-card" role="alert">
        <h1>{t('profile.title')}</h1>
        <p>{t('profile.loadFailed')}</p>
        <button type="button" className="he-button" onClick={() => void refetch()}>
          {t('profile.retry')}
        </button>
      </section>
    );
  }

  async function onRemove(id: number, name: string) {
    try {
      await removeProperty(id).unwrap();
      toast(t('profile.removed', { name }));
    } catch {
      toast(t('profile.removeFailed'), 'error');
    }
  }

  return (
    <section className="he-card" aria-labelledby="profile-title">
      <h1 id="profile-title">{t('profile.title')}</h1>
      <p>
        <strong>{profile.name}</strong> <span>{profile.personalNumberMasked}</span>
      </p>
      <h2>{t('profile.homes')}</h2>
      {profile.properties.length === 0 ? (
        <p>
          {t('profile.noHomes')} <Link to="/">{t('profile.findHome')}</Link>
        </p>
      ) : (
        <ul>
          {profile.properties.map((property) => (
            <li key={property.id}>
              <Link to={`/property/${property.id}/building/primary/results-dashboard`}>{property.name}</Link>
              {property.id === profile.selectedPropertyId ? <span className="he-badge"> {t('profile.selected')}</span> : null}{' '}
              <button
                type="button"
                className="he-button he-button--secondary"
                disabled={removal.isLoading}
                onClick={() => void onRemove(property.id, property.name)}
                aria-label={t('profile.removeLabel', { name: property.name })}
              >
                {t('profile.remove')}
              </button>
              <HomeRequests propertyId={property.id} />
            </li>
          ))}
        </ul>
      )}
      <h2>{t('profile.contact')}</h2>
      {profile.contact ? (
        <p>
          {profile.contact.email ?? '—'} · {profile.contact.mobile ?? '—'}
        </p>
      ) : (
        <p>{t('profile.noContact')}</p>
      )}
    </section>
  );
}
