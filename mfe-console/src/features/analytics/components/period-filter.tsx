import { useId, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from '@home-energy/shared/router';
import { useTranslation } from 'react-i18next';
import {
  ANALYTICS_MAX_DAYS,
  analyticsPeriodSchema,
  type AnalyticsPeriod,
  EARLIEST_DAY,
  latestDay,
  PERIOD_PRESETS,
  periodFor,
  periodFromSearch,
  type PeriodPreset,
} from '@home-energy/shared';

/** The period the page shows (from the address) and the API's from/to for it. */
export function usePeriod(): { selection: ReturnType<typeof periodFromSearch>; period: AnalyticsPeriod } {
  const [params] = useSearchParams();
  const key = params.toString();
  return useMemo(() => {
    const selection = periodFromSearch(new URLSearchParams(key));
    return { selection, period: periodFor(selection) };
  }, [key]);
}

/** Presets (30 days, 90 days, 12 months, all time) and a custom range; the choice goes into the address. */
export function PeriodFilter() {
  const { t } = useTranslation('console');
  const id = useId();
  const [params, setParams] = useSearchParams();
  const { selection } = usePeriod();
  const [custom, setCustom] = useState(selection.preset === 'custom');
  const [from, setFrom] = useState(selection.from ?? '');
  const [to, setTo] = useState(selection.to ?? '');
  const [error, setError] = useState<string | null>(null);

  function choose(preset: PeriodPreset) {
    if (preset === 'custom') {
      setCustom(true);
      return;
    }
    setCustom(false);
    const next = new URLSearchParams(params);
    next.delete('from');
    next.delete('to');
    next.set('period', preset);
    setParams(next, { replace: true });
  }

  function apply(event: FormEvent) {
    event.preventDefault();
    if (!from && !to) return setError(t('period.errors.empty'));
    if (from && to && from > to) return setError(t('period.errors.order'));
    // The API's own check (bounds, span with a missing end resolved): a period it would refuse is not sent.
    if (!analyticsPeriodSchema.safeParse({ from: from || undefined, to: to || undefined }).success) {
      return setError(
        t('period.errors.range', { earliest: EARLIEST_DAY, latest: latestDay(), days: ANALYTICS_MAX_DAYS }),
      );
    }
    setError(null);
    const next = new URLSearchParams(params);
    next.delete('period');
    if (from) next.set('from', from);
    else next.delete('from');
    if (to) next.set('to', to);
    else next.delete('to');
    setParams(next, { replace: true });
  }

  return (
    <form className="cn-period" onSubmit={apply} aria-label={t('period.filter')} noValidate>
      <div className="he-field">
        <label htmlFor={`${id}-preset`}>{t('period.label')}</label>
        <select
          id={`${id}-preset`}
          className="he-select"
          value={custom ? 'custom' : selection.preset}
          onChange={(e) => choose(e.target.value as PeriodPreset)}
        >
          {PERIOD_PRESETS.map((preset) => (
            <option key={preset} value={preset}>
              {t(`period.presets.${preset}`)}
            </option>
          ))}
          <option value="custom">{t('period.presets.custom')}</option>
        </select>
      </div>
      {custom ? (
        <>
          <div className="he-field">
            <label htmlFor={`${id}-from`}>{t('period.from')}</label>
            <input
              id={`${id}-from`}
              type="date"
              min={EARLIEST_DAY}
              max={latestDay()}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              aria-invalid={error ? true : undefined}
            />
          </div>
          <div className="he-field">
            <label htmlFor={`${id}-to`}>{t('period.to')}</label>
            <input
              id={`${id}-to`}
              type="date"
              min={EARLIEST_DAY}
              max={latestDay()}
              value={to}
              onChange={(e) => setTo(e.target.value)}
              aria-invalid={error ? true : undefined}
            />
          </div>
          <button type="submit" className="he-button he-button--small">
            {t('period.apply')}
          </button>
          {error ? (
            <p className="he-field__error" role="alert">
              {error}
            </p>
          ) : null}
        </>
      ) : null}
    </form>
  );
}
