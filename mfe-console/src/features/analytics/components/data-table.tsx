import { useTranslation } from 'react-i18next';
import { useMarkUsable, TableScroll } from '@home-energy/shared';
import { downloadCsv, toCsv, type CsvCell } from '../../../lib/csv';

export interface Column<Row> {
  key: string;
  label: string;
  /** The value in the CSV (raw numbers, no thousands separators). */
  value: (row: Row) => CsvCell;
  /** What the table shows; the value when left out. */
  show?: (row: Row) => string;
  numeric?: boolean;
  /** Long text (sources): the column keeps a readable width and the table scrolls on narrow screens instead. */
  wide?: boolean;
}

/**
 * A table of the figures a chart draws, with its CSV export. `fileName` without extension; the period is added so
 * exports of different periods do not overwrite each other.
 */
export function DataTable<Row>({
  caption,
  fileName,
  columns,
  rows,
  period,
  collapsed = false,
  captionHidden = false,
}: {
  caption: string;
  fileName: string;
  columns: Column<Row>[];
  rows: Row[];
  period: { from: string; to: string };
  /** Long tables (series) sit behind a "Show the figures" disclosure; the export is always at hand. */
  collapsed?: boolean;
  /** The caption is read out but not shown (a chart or heading above already says it). */
  captionHidden?: boolean;
}) {
  const { t } = useTranslation('console');
  // A page's first table of figures makes it usable (a collapsed one is behind a disclosure: its chart does).
  useMarkUsable(!collapsed);
  function exportCsv() {
    const csv = toCsv(
      columns.map((c) => c.label),
      rows.map((row) => columns.map((c) => c.value(row))),
    );
    downloadCsv(`${fileName}_${period.from}_${period.to}.csv`, csv);
  }
  const table = (
    <TableScroll label={caption}>
      <table className="he-table">
        <caption className={captionHidden ? 'he-visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.numeric ? 'cn-num' : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {columns.map((c, column) =>
                column === 0 ? (
                  <th key={c.key} scope="row">
                    {c.show ? c.show(row) : String(c.value(row) ?? '')}
                  </th>
                ) : (
                  <td key={c.key} className={c.numeric ? 'cn-num' : c.wide ? 'cn-wide' : undefined}>
                    {c.show ? c.show(row) : String(c.value(row) ?? '')}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
  return (
    <div className="cn-table">
      {collapsed ? (
        <details className="he-details">
          <summary>{t('table.show', { name: caption })}</summary>
          {table}
        </details>
      ) : (
        table
      )}
      {/* The name starts with what the button says (WCAG 2.5.3) and names the table among several. */}
      <button
        type="button"
        className="he-button he-button--secondary he-button--small"
        onClick={exportCsv}
        aria-label={t('table.exportOf', { name: caption })}
      >
        {t('table.export')}
      </button>
    </div>
  );
}
