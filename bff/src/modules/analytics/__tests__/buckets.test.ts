import { bucketStarts, MAX_SERIES_POINTS } from '../repository';

describe('the bucket starts of a series', () => {
  it('lists every day, ISO week (from its Monday) or month of the period, both ends included', () => {
    expect(bucketStarts({ from: '2024-02-27', to: '2024-03-02', grain: 'day' })).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2024-03-02',
    ]);
    expect(bucketStarts({ from: '2026-11-04', to: '2026-11-23', grain: 'week' })).toEqual([
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
    ]);
    expect(bucketStarts({ from: '2025-11-30', to: '2026-02-01', grain: 'month' })).toEqual([
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
    expect(bucketStarts({ from: '2026-01-31', to: '2026-01-31', grain: 'day' })).toEqual(['2026-01-31']);
  });

  it('lists nothing for a period that ends before it starts', () => {
    expect(bucketStarts({ from: '2026-02-01', to: '2026-01-01', grain: 'day' })).toEqual([]);
  });

  it('never lists more than MAX_SERIES_POINTS, whatever span and grain it is given', () => {
    for (const grain of ['day', 'week', 'month'] as const) {
      expect(bucketStarts({ from: '0000-01-01', to: '9999-12-31', grain })).toHaveLength(MAX_SERIES_POINTS);
    }
    // Not a YYYY-MM-DD day (the schema refuses it first): still no loop past the cap.
    expect(bucketStarts({ from: '2000-01-01', to: '275760-09-13', grain: 'month' }).length).toBeLessThanOrEqual(
      MAX_SERIES_POINTS,
    );
  });
});
