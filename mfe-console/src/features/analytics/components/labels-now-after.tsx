import { useTranslation } from 'react-i18next';
import type { CountRow, ResolvedPeriod } from '@home-energy/shared';
import { bucketLabel } from '../lib/labels';
import { Chart } from './chart';
import { DataTable } from './data-table';

export interface LabelsNowAfterRow {
  key: string;
  now: number;
  after: number;
}

/** One row per label class counted now, with its count after (0 when no home reaches it). */
export function labelsNowAfterRows(now: CountRow[], after: CountRow[]): LabelsNowAfterRow[] {
  const afterByKey = new Map(after.map((r) => [r.key, r.count]));
  return now.map((r) => ({ key: r.key, now: r.count, after: afterByKey.get(r.key) ?? 0 }));
}

/** Homes per label class now and after (the recommended measures or a saved plan): a bar chart and its figures. */
export function LabelsNowAfter({
  testId,
  title,
  afterName,
  rows,
  fileName,
  period,
  count,
}: {
  testId: string;
  title: string;
  /** What "after" means here, as the chart's series and the table's column are named. */
  afterName: string;
  rows: LabelsNowAfterRow[];
  /** The CSV export's name, without extension. */
  fileName: string;
  period: ResolvedPeriod;
  count: (value: number) => string;
}) {
  const { t } = useTranslation('console');
  const nowName = t('analytics.transition.now');
  return (
    <>
      <Chart
        testId={testId}
        title={title}
        type="bar"
        categories={rows.map((r) => bucketLabel(t, 'labels', r.key))}
        series={[
          { name: nowName, data: rows.map((r) => r.now) },
          { name: afterName, data: rows.map((r) => r.after) },
        ]}
        colors={['#9aa3a0', '#0f6e4f']}
        format={count}
      />
      <DataTable
        captionHidden
        caption={title}
        fileName={fileName}
        period={period}
        rows={rows}
        columns={[
          {
            key: 'label',
            label: t('analytics.columns.labels'),
            value: (r) => r.key,
            show: (r) => bucketLabel(t, 'labels', r.key),
          },
          { key: 'now', label: nowName, value: (r) => r.now, show: (r) => count(r.now), numeric: true },
          { key: 'after', label: afterName, value: (r) => r.after, show: (r) => count(r.after), numeric: true },
        ]}
      />
    </>
  );
}
