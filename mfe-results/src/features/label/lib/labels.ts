import type { EpcLabelValue, EstimatedEpcLabel, InformationItem, IssuedEpcLabel } from '@home-energy/shared';

export interface DashboardLabels {
  /** docs/product.md §4 display priority: estimated_measured, then estimated_calculated, then any epc_label. */
  displayed: EpcLabelValue | null;
  /** The current label: measured over calculated. */
  current: EstimatedEpcLabel | null;
  /** The issued label (energideklaration), shown as issued. */
  issued: IssuedEpcLabel | null;
}

/** Picks the labels the dashboard shows from the information items. */
export function pickLabels(information: readonly InformationItem[]): DashboardLabels {
  const labels = information.flatMap((item) => (item.type === 'epc_label' ? [item.value] : []));
  const measured = labels.find((label): label is EstimatedEpcLabel => label.type === 'estimated_measured') ?? null;
  const calculated = labels.find((label): label is EstimatedEpcLabel => label.type === 'estimated_calculated') ?? null;
  const issued = labels.find((label): label is IssuedEpcLabel => label.type === 'issued') ?? null;
  const current = measured ?? calculated;
  return { displayed: current ?? issued ?? labels[0] ?? null, current, issued };
}
