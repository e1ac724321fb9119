import { Link, useParams } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import { formatDateTime, Loading, PageHead, LoadFailed, useMarkUsable } from '@home-energy/shared';
import { useGetOutboxMailQuery } from '../api/outbox-api';

/** /console/admin/outbox/:id: one mail as its recipient would read it (the plain-text part). */
export function OutboxMailPage() {
  const { t, i18n } = useTranslation('admin');
  const { id = '' } = useParams();
  const mail = useGetOutboxMailQuery(id);
  useMarkUsable(mail.data !== undefined);
  const back = (
    <Link className="he-button he-button--secondary" to="/console/admin/outbox">
      {t('outbox.back')}
    </Link>
  );
  if (mail.isError) {
    return (
      <div className="he-stack">
        <PageHead title={t('pages.outbox.title')} />
        <LoadFailed error={mail.error} onRetry={() => void mail.refetch()} />
        <div>{back}</div>
      </div>
    );
  }
  if (!mail.data) return <Loading />;
  const { data } = mail;
  return (
    <div className="he-stack">
      <PageHead title={data.subject || t('outbox.noSubject')} />
      <section className="he-section" aria-label={t('outbox.mail')}>
        <dl className="he-mail-headers">
          <dt>{t('outbox.columns.date')}</dt>
          <dd>
            <time dateTime={data.date}>{formatDateTime(data.date, i18n.language)}</time>
            {data.failed ? (
              <>
                {' '}
                <span className="he-badge">{t('outbox.failed')}</span>
              </>
            ) : null}
          </dd>
          <dt>{t('outbox.from')}</dt>
          <dd>{data.from}</dd>
          <dt>{t('outbox.columns.to')}</dt>
          <dd>{data.to}</dd>
        </dl>
        <pre className="he-mail-text" data-testid="outbox-mail-text">
          {data.text}
        </pre>
      </section>
      <div>{back}</div>
    </div>
  );
}
