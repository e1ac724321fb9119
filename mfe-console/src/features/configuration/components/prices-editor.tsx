import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CARRIERS,
  PRICE_AREAS,
  useToast,
  type ConsoleConfiguration,
  type OrganisationPrices,
  useFormat,
  TableScroll,
} from '@home-energy/shared';
import { bucketLabel } from '../../analytics/lib/labels';
import { useSavePricesMutation } from '../api/configuration-api';
import { ApiIssues } from './api-issues';

type Texts = { import: Record<string, string>; export: Record<string, string> };

function asTexts(prices: OrganisationPrices | null): Texts {
  const map = (m: Record<string, number | undefined> = {}) =>
    Object.fromEntries(Object.entries(m).map(([k, v]) => [k, v === undefined ? '' : String(v)]));
  return { import: map(prices?.import_cents_per_kwh), export: map(prices?.export_cents_per_kwh) };
}

function asPrices(texts: Texts): OrganisationPrices {
  const map = (m: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(m)
        .filter(([, v]) => v.trim() !== '')
        .map(([k, v]) => [k, Number(v.replace(',', '.'))]),
    );
  return { import_cents_per_kwh: map(texts.import), export_cents_per_kwh: map(texts.export) };
}

/**
 * Default energy prices (öre/kWh incl. VAT) for the brand's homes that have no prices of their own; a carrier left
 * empty keeps the platform's price for the home's price area (shown beside it).
 */
export function PricesEditor({
  org,
  prices,
  platformPrices,
}: {
  org: string;
  prices: OrganisationPrices | null;
  platformPrices: ConsoleConfiguration['platformPrices'];
}) {
  const { t } = useTranslation('console');
  const toast = useToast();
  const format = useFormat();
  const id = useId();
  const [texts, setTexts] = useState<Texts>(() => asTexts(prices));
  const [save, state] = useSavePricesMutation();
  useEffect(() => setTexts(asTexts(prices)), [prices]);
  const dirty = JSON.stringify(asPrices(texts)) !== JSON.stringify(asPrices(asTexts(prices)));
  // Comma or point as the decimal sign (Swedish prices are written 210,5); anything else is not a price.
  const invalid = (value: string | undefined) =>
    !!value && value.trim() !== '' && !/^\d+([.,]\d+)?$/.test(value.trim());
  const anyInvalid = Object.values(texts).some((side) => Object.values(side).some(invalid));
  const set = (side: keyof Texts, carrier: string, value: string) =>
    setTexts((c) => ({ ...c, [side]: { ...c[side], [carrier]: value } }));
  const platform = (side: 'import' | 'export', carrier: string) =>
    PRICE_AREAS.map((area) => platformPrices[area]?.[side]?.[carrier]).filter(
      (v): v is number => typeof v === 'number',
    );
  const whole = (value: number) => format.number(value, { maxDecimals: 0 });
  const range = (values: number[]) =>
    values.length === 0 ? '–' : `${whole(Math.min(...values))}–${whole(Math.max(...values))}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await save({ org, prices: asPrices(texts) }).unwrap();
      toast(t('configuration.prices.saved'));
    } catch {
      // Shown below the table.
    }
  }

  const rows: { side: 'import' | 'export'; carrier: string }[] = [
    ...CARRIERS.map((carrier) => ({ side: 'import' as const, carrier })),
    { side: 'export', carrier: 'electricity' },
  ];
  return (
    <form onSubmit={submit} className="he-stack" aria-label={t('configuration.prices.title')}>
      <TableScroll label={t('configuration.prices.caption')}>
        <table className="he-table">
          <caption>{t('configuration.prices.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('analytics.columns.carrier')}</th>
              <th scope="col">{t('configuration.prices.yours')}</th>
              <th scope="col" className="cn-num">
                {t('configuration.prices.platform')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ side, carrier }) => {
              const name = side === 'export' ? t('configuration.prices.export') : bucketLabel(t, 'carriers', carrier);
              return (
                <tr key={`${side}-${carrier}`}>
                  <th scope="row">
                    <label htmlFor={`${id}-${side}-${carrier}`}>{name}</label>
                  </th>
                  <td>
                    <input
                      id={`${id}-${side}-${carrier}`}
                      className="he-input cn-price"
                      type="text"
                      inputMode="decimal"
                      aria-invalid={invalid(texts[side][carrier]) || undefined}
                      aria-describedby={invalid(texts[side][carrier]) ? `${id}-${side}-${carrier}-error` : undefined}
                      value={texts[side][carrier] ?? ''}
                      placeholder={t('configuration.prices.areaDefault')}
                      onChange={(e) => set(side, carrier, e.target.value)}
                    />{' '}
                    <span className="he-muted">öre/kWh</span>
                    {invalid(texts[side][carrier]) ? (
                      <p id={`${id}-${side}-${carrier}-error`} className="he-field__error">
                        {t('configuration.prices.invalid')}
                      </p>
                    ) : null}
                  </td>
                  <td className="cn-num">{range(platform(side, carrier))}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      {state.isError ? <ApiIssues error={state.error} /> : null}
      <div className="he-actions">
        <button type="submit" className="he-button" disabled={!dirty || anyInvalid || state.isLoading}>
          {state.isLoading ? t('common.saving') : t('configuration.prices.save')}
        </button>
      </div>
    </form>
  );
}
