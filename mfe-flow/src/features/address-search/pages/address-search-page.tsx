import { useEffect, useState } from 'react';
import { useNavigate } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import { useMarkUsable, useRecordInteractionMutation } from '@home-energy/shared';
import { formatPostcode } from '@home-energy/shared/format/postcode';
import type { AddressSuggestion } from '../api/search-api';
import { AddressCombobox } from '../components/address-combobox';
import { PropertyPicture } from '../components/property-picture';
import { questionsPath } from '@home-energy/shared/mfe/pages';

/** `/` and `/flow`: find the home by address, see its picture, start the questions. */
export function AddressSearchPage() {
  const { t } = useTranslation('flow');
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<AddressSuggestion | null>(null);
  const [recordInteraction] = useRecordInteractionMutation();
  // Usable as soon as the address field is on the page.
  useMarkUsable(true);

  useEffect(() => {
    document.title = t('search.title');
  }, [t]);

  return (
    <section className="flow-search" aria-labelledby="search-title">
      <h1 id="search-title">{t('search.title')}</h1>
      <p className="flow-lead">{t('search.intro')}</p>
      <div className="he-card">
        <AddressCombobox onSelect={setChosen} />
      </div>
      {chosen ? (
        <article className="he-card flow-property" aria-label={chosen.name}>
          <PropertyPicture address={chosen.name} alt={t('search.pictureAlt', { name: chosen.name })} />
          <div className="flow-property__body">
            <h2>{chosen.street}</h2>
            <p>
              {formatPostcode(chosen.postal_code)} {chosen.postal_city}
            </p>
            <button
              type="button"
              className="he-button"
              onClick={() => {
                void recordInteraction({
                  action: 'property_search.start',
                  object: 'address_search',
                  property_id: chosen.id,
                });
                navigate(questionsPath(chosen.id));
              }}
            >
              {t('search.start')}
            </button>
          </div>
        </article>
      ) : (
        <ul className="flow-benefits">
          <li>{t('search.benefits.label')}</li>
          <li>{t('search.benefits.measures')}</li>
          <li>{t('search.benefits.costs')}</li>
        </ul>
      )}
    </section>
  );
}
