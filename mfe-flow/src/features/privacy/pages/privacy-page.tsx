import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed, Loading, useMarkUsable } from '@home-energy/shared';
import { useGetPrivacyNoticeQuery } from '../api/privacy-api';

/**
 * /privacy: the privacy notice in the page's language, as the BFF makes it from its settings (who runs the service,
 * how long each datum is kept) and the brand's own text. Its version is what a consent records.
 */
export function PrivacyPage() {
  const { t, i18n } = useTranslation('flow');
  const language = (i18n.resolvedLanguage ?? i18n.language ?? 'en').startsWith('sv') ? 'sv' : 'en';
  const query = useGetPrivacyNoticeQuery(language);
  const notice = query.data;
  useMarkUsable(notice !== undefined);
  useEffect(() => {
    document.title = notice?.title ?? t('privacy.title');
  }, [notice, t]);

  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  if (!notice) return <Loading />;
  return (
    <article className="flow-narrow flow-privacy" aria-labelledby="privacy-title">
      <h1 id="privacy-title">{notice.title}</h1>
      <p className="flow-lead">{notice.intro}</p>
      <h2>{t('privacy.whatWeKeep')}</h2>
      {notice.items.map((item) => (
        <section key={item.id} className="he-card flow-privacy__item" aria-labelledby={`privacy-${item.id}`}>
          <h3 id={`privacy-${item.id}`}>{item.what}</h3>
          <dl>
            <dt>{t('privacy.why')}</dt>
            <dd>{item.why}</dd>
            <dt>{t('privacy.basis')}</dt>
            <dd>{item.basis}</dd>
            <dt>{t('privacy.kept')}</dt>
            <dd>{item.kept}</dd>
            <dt>{t('privacy.recipients')}</dt>
            <dd>{item.recipients}</dd>
          </dl>
        </section>
      ))}
      <h2>{notice.rights.heading}</h2>
      <ul>
        {notice.rights.paragraphs.map((paragraph) => (
          <li key={paragraph}>{paragraph}</li>
        ))}
      </ul>
      {notice.brand_text ? (
        <section aria-labelledby="privacy-brand">
          <h2 id="privacy-brand">{t('privacy.brandText')}</h2>
          {notice.brand_text.split(/\n{2,}/).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ) : null}
      <h2>{t('privacy.contact')}</h2>
      <address>
        {notice.operator.name} ({notice.operator.org_number})
        <br />
        {notice.operator.address}
        <br />
        <a href={`mailto:${notice.operator.email}`}>{notice.operator.email}</a>
      </address>
      <p className="he-muted">{t('privacy.version', { version: notice.version })}</p>
    </article>
  );
}
