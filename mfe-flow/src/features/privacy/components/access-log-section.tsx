import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, languageOf, Pager } from '@home-energy/shared';
import { PRIVACY_WORDS } from '@home-energy/shared/i18n/privacy';
import { useGetAccessLogQuery } from '../api/privacy-api';

/** In My homes: each time staff were shown the homeowner's personal data, by organisation, role, time and page. */
export function AccessLogSection() {
  const { t, i18n } = useTranslation('flow');
  // The words of roles and pages are the ones the readable page of "Download my data" uses too.
  const words = PRIVACY_WORDS[languageOf(i18n)].access;
  const [page, setPage] = useState(1);
  const log = useGetAccessLogQuery(page);
  const data = log.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.size)) : 1;
  return (
    <section aria-labelledby="access-log-title" data-testid="access-log">
      <h2 id="access-log-title">{t('privacy.access.title')}</h2>
      <p className="he-muted">{t('privacy.access.intro')}</p>
      {log.isError ? (
        <p role="alert">{t('privacy.access.loadFailed')}</p>
      ) : !data ? null : data.total === 0 ? (
        <p>{t('privacy.access.none')}</p>
      ) : (
        <>
          <ul className="flow-access-log" aria-busy={log.isFetching}>
            {data.entries.map((entry, index) => (
              <li key={`${entry.at}-${index}`}>
                <time dateTime={entry.at}>{formatDateTime(entry.at, i18n.language)}</time>:{' '}
                {t('privacy.access.entry', {
                  organisation: entry.organisation || words.operator,
                  role: words.roles[entry.role],
                  reason: words.reasons[entry.reason],
                })}
                {entry.impersonating ? ` (${words.impersonating})` : ''}
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <Pager
              label={t('privacy.access.pager.label')}
              position={t('privacy.access.pager.page', { page, pages })}
              page={page}
              pages={pages}
              onPage={setPage}
              previous={t('privacy.access.pager.previous')}
              next={t('privacy.access.pager.next')}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
