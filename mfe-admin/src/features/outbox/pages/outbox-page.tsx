import { Link, useSearchParams } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import { formatDateTime, Loading, PageHead, LoadFailed, Pager, TableScroll, useMarkUsable } from '@home-energy/shared';
import { useListOutboxQuery } from '../api/outbox-api';

const PAGE_SIZE = 25;

/**
 * /console/admin/outbox: the mails the product wrote instead of sending (no SMTP_URL), newest first; the page lives in
 * the address.
 */
export function OutboxPage() {
  const { t, i18n } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const outbox = useListOutboxQuery({ page, pageSize: PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const data = outbox.currentData ?? outbox.data;
  useMarkUsable(data !== undefined);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const go = (next: number) =>
    setParams(next > 1 ? new URLSearchParams({ page: String(next) }) : new URLSearchParams());

  return (
    <div className="he-stack">
      <PageHead
        title={t('pages.outbox.title')}
        intro={t(data?.delivers ? 'outbox.introDelivers' : 'pages.outbox.intro')}
      />
      <section className="he-section" aria-labelledby="outbox-mails-title">
        <h2 id="outbox-mails-title" className="he-visually-hidden">
          {t('outbox.caption')}
        </h2>
        {outbox.isError && !data ? (
          <LoadFailed error={outbox.error} onRetry={() => void outbox.refetch()} />
        ) : !data ? (
          <Loading />
        ) : data.mails.length === 0 ? (
          <p className="he-muted">{t('outbox.empty')}</p>
        ) : (
          <>
            <TableScroll label={t('outbox.caption')}>
              <table className="he-table">
                <caption className="he-visually-hidden">{t('outbox.caption')}</caption>
                <thead>
                  <tr>
                    {(['date', 'to', 'subject'] as const).map((column) => (
                      <th key={column} scope="col">
                        {t(`outbox.columns.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.mails.map((mail) => (
                    <tr key={mail.id}>
                      <th scope="row">
                        <time dateTime={mail.date}>{formatDateTime(mail.date, i18n.language)}</time>
                      </th>
                      <td>{mail.to}</td>
                      <td>
                        <Link to={`/console/admin/outbox/${mail.id}`}>{mail.subject || t('outbox.noSubject')}</Link>
                        {mail.failed ? (
                          <>
                            {' '}
                            <span className="he-badge">{t('outbox.failed')}</span>
                          </>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            <Pager
              label={t('outbox.pager')}
              position={t('outbox.page', { page: data.page, pages, count: data.total })}
              page={page}
              pages={pages}
              onPage={go}
              previous={t('outbox.previous')}
              next={t('outbox.next')}
            />
          </>
        )}
      </section>
    </div>
  );
}
