import { useTranslation } from 'react-i18next';
import { Loading, PageHead, LoadFailed, useMarkUsable } from '@home-energy/shared';
import { useOrganisationContext } from '../../organisation/components/organisation-context';
import { useGetConfigurationQuery } from '../api/configuration-api';
import { BrandEditor } from '../components/brand-editor';
import { InstallerMeasuresEditor } from '../components/installer-measures-editor';
import { PricesEditor } from '../components/prices-editor';
import { QuestionSetEditor } from '../components/question-set-editor';

const SECTIONS = ['questions', 'brand', 'prices'] as const;

/**
 * /console/org/:org/configuration (admins): the flow's questions, the brand's colours and lenders, default prices; an
 * installer organisation's measures.
 */
export function ConfigurationPage() {
  const { t } = useTranslation('console');
  const { organisation } = useOrganisationContext();
  const query = useGetConfigurationQuery(organisation.slug, { refetchOnMountOrArgChange: true });
  const data = query.data;
  // Usable once the editors show with the organisation's configuration.
  useMarkUsable(!query.isError && data !== undefined);
  return (
    <div className="he-stack">
      <PageHead title={t('pages.configuration.title')} intro={t('pages.configuration.intro')} />
      <nav className="cn-subnav" aria-label={t('configuration.sections')}>
        {(organisation.isInstaller ? [...SECTIONS, 'installerMeasures' as const] : SECTIONS).map((section) => (
          <a key={section} href={`#configuration-${section}`}>
            {t(`configuration.${section}.title`)}
          </a>
        ))}
      </nav>
      {query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          {/* The first section's heading and intro show at once, as the page's static first paint draws them. */}
          <section className="he-section" id="configuration-questions" aria-labelledby="configuration-questions-title">
            <h2 id="configuration-questions-title">{t('configuration.questions.title')}</h2>
            <p className="he-section__intro">{t('configuration.questions.intro')}</p>
            {data ? (
              <QuestionSetEditor org={organisation.slug} questions={data.questions} engineKeys={data.engineKeys} />
            ) : (
              <Loading />
            )}
          </section>
          {data ? (
            <>
              <section className="he-section" id="configuration-brand" aria-labelledby="configuration-brand-title">
                <h2 id="configuration-brand-title">{t('configuration.brand.title')}</h2>
                <p className="he-section__intro">{t('configuration.brand.intro')}</p>
                <BrandEditor org={organisation.slug} brand={data.brand} config={data.brandConfig} />
              </section>
              <section className="he-section" id="configuration-prices" aria-labelledby="configuration-prices-title">
                <h2 id="configuration-prices-title">{t('configuration.prices.title')}</h2>
                <p className="he-section__intro">{t('configuration.prices.intro')}</p>
                <PricesEditor org={organisation.slug} prices={data.prices} platformPrices={data.platformPrices} />
              </section>
              {data.installer ? (
                <section
                  className="he-section"
                  id="configuration-installerMeasures"
                  aria-labelledby="configuration-installerMeasures-title"
                >
                  <h2 id="configuration-installerMeasures-title">{t('configuration.installerMeasures.title')}</h2>
                  <p className="he-section__intro">{t('configuration.installerMeasures.intro')}</p>
                  <InstallerMeasuresEditor org={organisation.slug} measures={data.installer.measures} />
                </section>
              ) : null}
            </>
          ) : null}
        </>
      )}
    </div>
  );
}
