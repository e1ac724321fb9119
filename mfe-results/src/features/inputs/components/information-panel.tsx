import { useTranslation } from 'react-i18next';
import { CARRIERS, formatDate, type InformationItem, useFormat } from '@home-energy/shared';

type Item<T extends InformationItem['type']> = Extract<InformationItem, { type: T }>;

function find<T extends InformationItem['type']>(
  information: readonly InformationItem[],
  type: T,
): Item<T> | undefined {
  return information.find((item): item is Item<T> => item.type === type);
}

/**
 * The information items: energy use per carrier and its cost, price area, and an EPC document waiting for validation.
 */
export function InformationPanel({ information }: { information: readonly InformationItem[] }) {
  const { t, i18n } = useTranslation('results');
  const format = useFormat();
  const energy = find(information, 'energy_use')?.value;
  const location = find(information, 'location')?.value;
  const document = find(information, 'epc_document')?.value;
  const carriers = energy ? CARRIERS.filter((carrier) => energy.by_carrier[carrier] > 0.5) : [];

  return (
    <section className="he-card rd-info" aria-labelledby="rd-info-title" data-testid="information">
      <h2 id="rd-info-title">{t('info.heading')}</h2>
      {energy ? (
        <>
          <h3>{t('info.energyUse')}</h3>
          {carriers.length > 0 ? (
            <dl className="rd-pairs">
              {carriers.map((carrier) => (
                <div key={carrier}>
                  <dt>{t(`energy:carriers.${carrier}`)}</dt>
                  <dd>{format.kwh(energy.by_carrier[carrier])}</dd>
                </div>
              ))}
              {energy.pv_production_kwh > 0 ? (
                <div>
                  <dt>{t('info.solarProduction')}</dt>
                  <dd>{format.kwh(energy.pv_production_kwh)}</dd>
                </div>
              ) : null}
              {energy.exported_kwh > 0 ? (
                <div>
                  <dt>{t('info.exported')}</dt>
                  <dd>{format.kwh(energy.exported_kwh)}</dd>
                </div>
              ) : null}
            </dl>
          ) : (
            <p>{t('info.noEnergyUse')}</p>
          )}
          <p className="rd-info__cost">
            {t('info.costPerYear')} <strong>{format.kr(energy.cost_per_year)}</strong>
          </p>
          <p className="rd-muted">{t(energy.prices_source === 'rates' ? 'info.pricesOwn' : 'info.pricesDefault')}</p>
        </>
      ) : (
        <p>{t('info.noEnergyUse')}</p>
      )}
      {location ? (
        <>
          <h3>{t('info.location')}</h3>
          <dl className="rd-pairs">
            <div>
              <dt>{t('info.municipality')}</dt>
              <dd>{location.municipality}</dd>
            </div>
            <div>
              <dt>{t('info.priceArea')}</dt>
              <dd data-testid="price-area">
                {location.price_area} ({t(`priceAreas.${location.price_area}`)})
              </dd>
            </div>
          </dl>
        </>
      ) : null}
      {document ? (
        <p className={`rd-document rd-document--${document.status}`} data-testid="epc-document">
          {t(`info.document.${document.status}`, {
            class: document.energy_class,
            file: document.file_name,
            date: formatDate(document.uploaded_at, i18n.language),
          })}
        </p>
      ) : null}
    </section>
  );
}
