import { useDeferredValue, useEffect, useState } from 'react';
import { Link } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import {
  Loading,
  MailLanguageChoice,
  PrivacyNoticeLink,
  useDeleteProfilePropertyMutation,
  useGetProfileQuery,
  usePatchProfileMutation,
  useRestoreProfilePropertyMutation,
  useMarkUsable,
  useToast,
} from '@home-energy/shared';
import { ContactForm } from '../../contact/components/contact-form';
import { EmailConfirmation } from '../../contact/components/email-confirmation';
import { HomeCard } from '../components/home-card';
import { MyData } from '../components/my-data';
import { ConsentsSection } from '../../privacy/components/consents-section';
import { AccessLogSection } from '../../privacy/components/access-log-section';

/** How long "Undo" is offered after a removal; the BFF keeps the home restorable longer (HOME_RESTORE_MS). */
export const UNDO_MS = 10_000;

/**
 * /flow/profile: the signed-in homeowner's homes as cards and their contact details. Without a session the profile
 * call answers 401 and the shared API slice sends the visitor to /sign, which brings them back here.
 */
export function ProfilePage() {
  const { t } = useTranslation('flow');
  const { data, isLoading, isError, refetch } = useGetProfileQuery();
  // The store's answer renders synchronously, every card and the contact form in one long task: the page shows it
  // from a deferred copy instead, which React renders in short slices.
  const profile = useDeferredValue(data);
  const [removeProperty, removal] = useDeleteProfilePropertyMutation();
  const [restoreProperty, restoring] = useRestoreProfilePropertyMutation();
  const [patchProfile] = usePatchProfileMutation();
  const [removed, setRemoved] = useState<{ id: number; name: string } | null>(null);
  const toast = useToast();
  // Usable once the homes (or the empty state) show: the same condition as the page's own below.
  useMarkUsable(!isLoading && !isError && profile !== undefined);

  useEffect(() => {
    document.title = t('profile.title');
  }, [t]);
  useEffect(() => {
    if (!removed) return undefined;
    const timer = setTimeout(() => setRemoved(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [removed]);

  if (isLoading || (data && !profile)) return <Loading />;
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
      setRemoved({ id, name });
    } catch {
      toast(t('profile.removeFailed'), 'error');
    }
  }

  async function onUndo() {
    if (!removed) return;
    try {
      await restoreProperty(removed.id).unwrap();
      toast(t('profile.restored', { name: removed.name }));
    } catch {
      toast(t('profile.restoreFailed'), 'error');
    }
    setRemoved(null);
  }

  const contact = profile.contact;
  return (
    <section className="flow-narrow flow-profile" aria-labelledby="profile-title">
      <h1 id="profile-title">{t('profile.title')}</h1>
      <p className="flow-lead">{t('profile.intro')}</p>
      <p className="flow-lead">
        <strong>{profile.name}</strong> <span>{profile.personalNumberMasked}</span>
      </p>
      <div role="status" className="flow-undo-slot">
        {removed ? (
          <p className="he-alert he-alert--info flow-undo">
            <span>{t('profile.removed', { name: removed.name })}</span>{' '}
            <button
              type="button"
              className="he-button he-button--secondary he-button--small"
              disabled={restoring.isLoading}
              onClick={() => void onUndo()}
            >
              {t('profile.undo')}
            </button>
          </p>
        ) : null}
      </div>
      <h2>{t('profile.homes')}</h2>
      {profile.properties.length === 0 ? (
        <p>
          {t('profile.noHomes')} <Link to="/">{t('profile.findHome')}</Link>
        </p>
      ) : (
        <ul className="flow-homes">
          {profile.properties.map((home) => (
            <HomeCard
              key={home.id}
              home={home}
              selected={home.id === profile.selectedPropertyId}
              busy={removal.isLoading}
              onRemove={() => void onRemove(home.id, home.name)}
            />
          ))}
        </ul>
      )}
      <h2>{t('profile.contact')}</h2>
      <p className="he-muted">{t('profile.contactIntro')}</p>
      <ContactForm
        withName
        initial={{ name: contact?.name ?? profile.name, email: contact?.email ?? '', mobile: contact?.mobile ?? '' }}
      />
      <EmailConfirmation contact={contact} />
      <MailLanguageChoice
        value={profile.mailLanguage}
        onChoose={(mailLanguage) => patchProfile({ mailLanguage }).unwrap()}
      />
      <ConsentsSection />
      <AccessLogSection />
      <MyData />
      <PrivacyNoticeLink />
    </section>
  );
}
