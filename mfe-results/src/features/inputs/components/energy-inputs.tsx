import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CARRIERS,
  formatNumber,
  priceToCentsPerKwh,
  useGetRatesQuery,
  useSaveConsumptionMutation,
  useSaveRatesMutation,
  type Carrier,
  type Rates,
} from '@home-energy/shared';

/** A number as a person types it: "1,25" or "1.25"; '' is no value; anything else is NaN. */
function parseAmount(text: string): number | null {
  const cleaned = text.replace(/\s/g, '').replace(',', '.');
  if (cleaned === '') return null;
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

type Status = { kind: 'saved' | 'error'; text: string } | null;

/** Optional metered figures that replace BEN's normal values in the measured label (engine README "Measured label"). */
const METERED_PARTS = ['household_electricity', 'tap_water'] as const;
type MeteredPart = (typeof METERED_PARTS)[number];

function StatusLine({ status }: { status: Status }) {
  if (!status) return <p className="rd-form__status" role="status" />;
  return (
    <p
      className={`rd-form__status rd-form__status--${status.kind}`}
      role={status.kind === 'error' ? 'alert' : 'status'}
    >
      {status.text}
    </p>
  );
}

/**
 * Own energy prices per carrier (kr/kWh → rates cents_per_kwh = price × 100); empty fields use the price area's
 * defaults.
 */
function RatesForm({ propertyId, carriers }: { propertyId: number; carriers: Carrier[] }) {
  const { t } = useTranslation('results');
  const [saveRates, saving] = useSaveRatesMutation();
  const { i18n } = useTranslation('results');
  const saved = useGetRatesQuery(propertyId);
  const [values, setValues] = useState<Partial<Record<Carrier | 'export', string>>>({});
  const [prefilled, setPrefilled] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const decimal = (cents: number) =>
    formatNumber(cents / 100, { decimalSeparator: i18n.language?.startsWith('sv') ? ',' : '.' });

  // The prices saved earlier come back into the form once; what applies by default shows as the placeholder.
  useEffect(() => {
    if (prefilled || !saved.data) return;
    const next: Partial<Record<Carrier | 'export', string>> = {};
    for (const [carrier, rate] of Object.entries(saved.data.rates?.energy_carriers_import ?? {}))
      if (rate) next[carrier as Carrier] = decimal(rate.cents_per_kwh);
    const exported = saved.data.rates?.energy_carriers_export?.electricity;
    if (exported) next.export = decimal(exported.cents_per_kwh);
    setValues(next);
    setPrefilled(true);
  }, [saved.data, prefilled]); // eslint-disable-line react-hooks/exhaustive-deps

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const rates: Rates = { energy_carriers_import: {}, energy_carriers_export: {} };
    for (const carrier of carriers) {
      const price = parseAmount(values[carrier] ?? '');
      if (price === null) continue;
      if (Number.isNaN(price) || price > 1000) {
        setStatus({ kind: 'error', text: t('rates.invalid', { carrier: t(`energy:carriers.${carrier}`) }) });
        return;
      }
      rates.energy_carriers_import[carrier] = { cents_per_kwh: priceToCentsPerKwh(price), components: [] };
    }
    const exportPrice = parseAmount(values.export ?? '');
    if (exportPrice !== null) {
      if (Number.isNaN(exportPrice) || exportPrice > 1000) {
        setStatus({ kind: 'error', text: t('rates.invalid', { carrier: t('rates.export') }) });
        return;
      }
      rates.energy_carriers_export.electricity = { cents_per_kwh: priceToCentsPerKwh(exportPrice), components: [] };
    }
    try {
      await saveRates({ id: propertyId, rates }).unwrap();
      setStatus({ kind: 'saved', text: t('rates.saved') });
    } catch {
      setStatus({ kind: 'error', text: t('rates.failed') });
    }
  }

  const field = (key: Carrier | 'export', label: string) => (
    <div className="rd-field" key={key}>
      <label htmlFor={`rd-rate-${key}`}>{label}</label>
      <div className="rd-field__input">
        <input
          id={`rd-rate-${key}`}
          inputMode="decimal"
          autoComplete="off"
          placeholder={
            saved.data?.default_cents_per_kwh
              ? decimal(
                  key === 'export'
                    ? saved.data.default_cents_per_kwh.export.electricity
                    : saved.data.default_cents_per_kwh.import[key],
                )
              : t('rates.placeholder')
          }
          value={values[key] ?? ''}
          onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.value }))}
        />
        <span className="rd-field__unit">{t('rates.unit')}</span>
      </div>
    </div>
  );

  return (
    <form className="rd-form" onSubmit={(event) => void onSubmit(event)} aria-labelledby="rd-rates-title" noValidate>
      <h3 id="rd-rates-title">{t('rates.heading')}</h3>
      <p className="rd-muted">{t('rates.intro')}</p>
      {carriers.map((carrier) => field(carrier, t(`energy:carriers.${carrier}`)))}
      {field('export', t('rates.export'))}
      <button type="submit" className="he-button" disabled={saving.isLoading}>
        {saving.isLoading ? t('rates.saving') : t('rates.save')}
      </button>
      <StatusLine status={status} />
    </form>
  );
}

/** A year's metered energy per carrier: gives the measured label (estimated_measured). */
function ConsumptionForm({ propertyId, carriers, year }: { propertyId: number; carriers: Carrier[]; year: number }) {
  const { t } = useTranslation('results');
  const [saveConsumption, saving] = useSaveConsumptionMutation();
  const years = [year - 1, year - 2, year - 3];
  const [chosenYear, setChosenYear] = useState(years[0]);
  const [values, setValues] = useState<Partial<Record<Carrier, string>>>({});
  const [household, setHousehold] = useState(true);
  const [metered, setMetered] = useState<Record<MeteredPart, string>>({ household_electricity: '', tap_water: '' });
  const [status, setStatus] = useState<Status>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const energy: Partial<Record<Carrier, number>> = {};
    for (const carrier of carriers) {
      const kwh = parseAmount(values[carrier] ?? '');
      if (kwh === null) continue;
      if (Number.isNaN(kwh) || kwh > 10_000_000) {
        setStatus({ kind: 'error', text: t('consumption.invalid', { carrier: t(`energy:carriers.${carrier}`) }) });
        return;
      }
      energy[carrier] = kwh;
    }
    if (!Object.values(energy).some((kwh) => (kwh ?? 0) > 0)) {
      setStatus({ kind: 'error', text: t('consumption.missing') });
      return;
    }
    const parts: Partial<Record<MeteredPart, number>> = {};
    for (const part of METERED_PARTS) {
      const kwh = parseAmount(metered[part]);
      if (kwh === null) continue;
      if (Number.isNaN(kwh) || kwh > 10_000_000) {
        setStatus({ kind: 'error', text: t('consumption.invalid', { carrier: t(`consumption.${part}`) }) });
        return;
      }
      parts[part] = kwh;
    }
    // The same limits as the API, so the homeowner learns which figure to fix.
    if (household && (parts.household_electricity ?? 0) > (energy.electricity ?? 0)) {
      setStatus({ kind: 'error', text: t('consumption.householdTooLarge') });
      return;
    }
    if ((parts.tap_water ?? 0) > Object.values(energy).reduce<number>((sum, kwh) => sum + (kwh ?? 0), 0)) {
      setStatus({ kind: 'error', text: t('consumption.tapWaterTooLarge') });
      return;
    }
    try {
      await saveConsumption({
        id: propertyId,
        consumption: { year: chosenYear, energy_carriers: energy, household_electricity_included: household, ...parts },
      }).unwrap();
      setStatus({ kind: 'saved', text: t('consumption.saved') });
    } catch {
      setStatus({ kind: 'error', text: t('consumption.failed') });
    }
  }

  return (
    <form
      className="rd-form"
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby="rd-consumption-title"
      noValidate
    >
      <h3 id="rd-consumption-title">{t('consumption.heading')}</h3>
      <p className="rd-muted">{t('consumption.intro')}</p>
      <div className="rd-field">
        <label htmlFor="rd-consumption-year">{t('consumption.year')}</label>
        <select
          id="rd-consumption-year"
          className="he-select"
          value={chosenYear}
          onChange={(event) => setChosenYear(Number(event.target.value))}
        >
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </div>
      {carriers.map((carrier) => (
        <div className="rd-field" key={carrier}>
          <label htmlFor={`rd-consumption-${carrier}`}>{t(`energy:carriers.${carrier}`)}</label>
          <div className="rd-field__input">
            <input
              id={`rd-consumption-${carrier}`}
              inputMode="numeric"
              autoComplete="off"
              value={values[carrier] ?? ''}
              onChange={(event) => setValues((current) => ({ ...current, [carrier]: event.target.value }))}
            />
            <span className="rd-field__unit">kWh</span>
          </div>
        </div>
      ))}
      <label className="rd-check">
        <input type="checkbox" checked={household} onChange={(event) => setHousehold(event.target.checked)} />{' '}
        {t('consumption.household')}
      </label>
      <p className="rd-muted" id="rd-consumption-metered-hint">
        {t('consumption.meteredHint')}
      </p>
      {METERED_PARTS.map((part) => (
        <div className="rd-field" key={part}>
          <label htmlFor={`rd-consumption-${part}`}>{t(`consumption.${part}`)}</label>
          <div className="rd-field__input">
            <input
              id={`rd-consumption-${part}`}
              inputMode="numeric"
              autoComplete="off"
              aria-describedby="rd-consumption-metered-hint"
              value={metered[part]}
              onChange={(event) => setMetered((current) => ({ ...current, [part]: event.target.value }))}
            />
            <span className="rd-field__unit">kWh</span>
          </div>
        </div>
      ))}
      <button type="submit" className="he-button" disabled={saving.isLoading}>
        {saving.isLoading ? t('consumption.saving') : t('consumption.save')}
      </button>
      <StatusLine status={status} />
    </form>
  );
}

/** The home's own prices and metered use, editable; saving recomputes the results (the mutations invalidate them). */
export function EnergyInputs({
  propertyId,
  byCarrier,
  year,
}: {
  propertyId: number;
  byCarrier: Partial<Record<Carrier, number>> | null;
  year: number;
}) {
  const { t } = useTranslation('results');
  // The carriers the home buys; electricity always (household electricity, heat pumps).
  const carriers = CARRIERS.filter((carrier) => carrier === 'electricity' || (byCarrier?.[carrier] ?? 0) > 0.5);
  return (
    <section className="he-card rd-inputs rd-controls" aria-labelledby="rd-inputs-title">
      <h2 id="rd-inputs-title">{t('inputs.heading')}</h2>
      <RatesForm propertyId={propertyId} carriers={carriers} />
      <ConsumptionForm propertyId={propertyId} carriers={carriers} year={year} />
    </section>
  );
}
