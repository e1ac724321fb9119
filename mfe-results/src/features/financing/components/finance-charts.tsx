// Loaded lazily (React.lazy) when a recommendation's details open: apexcharts stays out of the first route chunk.
import Chart from 'react-apexcharts/core';
import 'apexcharts/area';
import 'apexcharts/bar';
import 'apexcharts/features/annotations';
import type { ApexOptions } from 'apexcharts';
import { useTranslation } from 'react-i18next';
import type { Financing } from '@home-energy/shared';
import { useFormat } from '@home-energy/shared';

function cssColor(name: string, fallback: string): string {
  if (typeof window === 'undefined') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** A round axis above `value` (349 495 → 0–400 000 in 4 steps), so the ticks read as round numbers. */
function niceAxis(value: number): { max: number; tickAmount: number } {
  if (!(value > 0)) return { max: 1, tickAmount: 1 };
  let step = 10 ** Math.floor(Math.log10(value)) / 2;
  let ticks = Math.ceil((value * 1.05) / step);
  if (ticks > 6) {
    step *= 2;
    ticks = Math.ceil((value * 1.05) / step);
  }
  return { max: ticks * step, tickAmount: ticks };
}

const base = (format: ReturnType<typeof useFormat>, yearLabel: string): ApexOptions => ({
  chart: {
    toolbar: { show: false },
    zoom: { enabled: false },
    animations: { enabled: false },
    fontFamily: 'inherit',
    parentHeightOffset: 0,
  },
  dataLabels: { enabled: false },
  legend: { show: false },
  grid: { borderColor: '#e3e8e5', strokeDashArray: 3 },
  xaxis: { title: { text: yearLabel }, tickAmount: 6, labels: { rotate: 0 } },
  yaxis: { labels: { formatter: (value: number) => format.kr(value) } },
  tooltip: { y: { formatter: (value: number) => format.kr(value) } },
});

/** The two charts of a recommendation: cumulative savings against the cost, and the remaining loan, year by year. */
export default function FinanceCharts({ financing }: { financing: Financing }) {
  const { t } = useTranslation('results');
  const format = useFormat();
  const accent = cssColor('--he-accent', '#0f6e4f');
  const paid = financing.investmentCost + financing.interestCostAfterDeduction;
  const years = financing.savingsSeries.map((_, year) => year);
  const savingsOptions: ApexOptions = {
    ...base(format, t('charts.year')),
    colors: [accent],
    stroke: { curve: 'straight', width: 2 },
    fill: { type: 'solid', opacity: 0.18 },
    xaxis: { ...base(format, t('charts.year')).xaxis, categories: years },
    // Room for the cost line even when the savings never reach it.
    yaxis: { ...base(format, t('charts.year')).yaxis, min: 0, ...niceAxis(Math.max(paid, ...financing.savingsSeries)) },
    annotations: {
      yaxis: [
        {
          y: paid,
          borderColor: '#a8281e',
          strokeDashArray: 4,
          label: {
            text: t('charts.cost', { amount: format.kr(paid) }),
            style: { color: '#fff', background: '#a8281e' },
          },
        },
      ],
    },
  };
  const loanOptions: ApexOptions = {
    ...base(format, t('charts.year')),
    colors: ['#56635e'],
    plotOptions: { bar: { columnWidth: '70%', borderRadius: 2 } },
    xaxis: { ...base(format, t('charts.year')).xaxis, categories: financing.repaymentSeries.map((_, year) => year) },
  };
  const last = financing.savingsSeries[financing.savingsSeries.length - 1] ?? 0;

  return (
    <div className="rd-charts">
      <figure
        className="rd-chart"
        data-testid="savings-chart"
        data-last={Math.round(last)}
        data-cost={Math.round(paid)}
      >
        <figcaption>
          <strong>{t('charts.savingsTitle')}</strong>
          <span className="rd-muted">
            {' '}
            {t('charts.savingsSummary', { years: financing.lifeSpan, amount: format.kr(last), cost: format.kr(paid) })}
          </span>
        </figcaption>
        <div aria-hidden="true">
          <Chart
            type="area"
            height={220}
            series={[{ name: t('charts.savingsSeries'), data: financing.savingsSeries.map(Math.round) }]}
            options={savingsOptions}
          />
        </div>
      </figure>
      <figure className="rd-chart" data-testid="loan-chart" data-first={Math.round(financing.repaymentSeries[0] ?? 0)}>
        <figcaption>
          <strong>{t('charts.loanTitle')}</strong>
          <span className="rd-muted">
            {' '}
            {financing.loanAmount > 0
              ? t('charts.loanSummary', { amount: format.kr(financing.loanAmount), years: financing.loanTerm })
              : t('charts.noLoan')}
          </span>
        </figcaption>
        {financing.loanAmount > 0 ? (
          <div aria-hidden="true">
            <Chart
              type="bar"
              height={200}
              series={[{ name: t('charts.loanSeries'), data: financing.repaymentSeries.map(Math.round) }]}
              options={loanOptions}
            />
          </div>
        ) : null}
      </figure>
    </div>
  );
}
