import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Loading,
  PrivacyNoticeLink,
  signRedirectUrl,
  useGetProfileQuery,
  useMarkUsable,
  useRecordInteractionMutation,
  useSession,
} from '@home-energy/shared';
import { ContactForm } from '../components/contact-form';
import { EmailConfirmation } from '../components/email-confirmation';

/** /flow/contact: email and Swedish mobile so installers can reach the homeowner (docs/product.md §5 messages). */
export default function ContactPage() {
  const { t } = useTranslation('flow');
  const session = useSession({
    required: true,
    onUnauthenticated: () => {
      const target = signRedirectUrl(window.location);
      if (target) window.location.assign(target);
    },
  });
  const homeowner = session.status === 'authenticated' && session.data.user.kind === 'homeowner';
  const profile = useGetProfileQuery(undefined, { skip: !homeowner });
  const [recordInteraction] = useRecordInteractionMutation();
  // Usable once the form shows, filled in from the profile (or empty when the profile could not be read).
  useMarkUsable(homeowner && (profile.data !== undefined || profile.isError));

  useEffect(() => {
    document.title = t('contact.title');
  }, [t]);

  if (session.status !== 'authenticated' || (homeowner && !profile.data && !profile.isError)) return <Loading />;
  if (!homeowner) {
    return (
      <section className="he-card" role="alert">
        <h1>{t('contact.title')}</h1>
        <p>{t('addProperty.homeownersOnly')}</p>
      </section>
    );
  }
  const contact = profile.data?.contact;

  return (
    <section className="flow-narrow" aria-labelledby="contact-title">
      <h1 id="contact-title">{t('contact.title')}</h1>
      <p className="flow-lead">{t('contact.intro')}</p>
      <PrivacyNoticeLink />
      <ContactForm
        initial={{ name: contact?.name ?? '', email: contact?.email ?? '', mobile: contact?.mobile ?? '' }}
        onSaved={() => void recordInteraction({ action: 'contact.submit', object: 'contact_form' })}
      />
      <EmailConfirmation contact={contact ?? null} />
    </section>
  );
}
