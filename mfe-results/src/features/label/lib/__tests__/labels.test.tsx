import '../../../../testing/setup-dom';
import type { InformationItem } from '@home-energy/shared';
import { calculatedLabel, energyUse, issuedLabel, measuredLabel } from '../../../../testing/fixtures';
import { pickLabels } from '../labels';

const items = (...labels: Parameters<typeof wrap>[0][]) => [energyUse(), ...labels.map(wrap)];
const wrap = (value: Extract<InformationItem, { type: 'epc_label' }>['value']): InformationItem => ({
  type: 'epc_label',
  value,
});

describe('EPC label display priority (docs/product.md §4)', () => {
  it('measured first, then calculated, then the issued label', () => {
    expect(pickLabels(items(issuedLabel('E'), calculatedLabel('G'), measuredLabel('F'))).displayed).toMatchObject({
      type: 'estimated_measured',
      energy_class: 'F',
    });
    expect(pickLabels(items(issuedLabel('E'), calculatedLabel('G'))).displayed).toMatchObject({
      type: 'estimated_calculated',
      energy_class: 'G',
    });
    expect(pickLabels(items(issuedLabel('E'))).displayed).toMatchObject({ type: 'issued', energy_class: 'E' });
    expect(pickLabels(items()).displayed).toBeNull();
  });

  it('the current label prefers measured over calculated; the issued label stays the issued one', () => {
    const labels = pickLabels(items(calculatedLabel('G'), measuredLabel('F'), issuedLabel('E')));
    expect(labels.current).toMatchObject({ type: 'estimated_measured', energy_class: 'F' });
    expect(labels.issued).toMatchObject({ type: 'issued', energy_class: 'E' });
    expect(pickLabels(items(calculatedLabel('D'))).current).toMatchObject({ type: 'estimated_calculated' });
    expect(pickLabels(items(calculatedLabel('D'))).issued).toBeNull();
  });
});
