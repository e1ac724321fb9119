import { periodFromSearch } from '../analytics-period';

const read = (search: string) => periodFromSearch(new URLSearchParams(search));

describe('the analytics period read from the address', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('takes a custom range the API accepts, with one end left out too; an unreadable day alone is dropped', () => {
    expect(read('from=2026-01-01&to=2026-03-31')).toEqual({ preset: 'custom', from: '2026-01-01', to: '2026-03-31' });
    expect(read('from=2026-01-01&to=2026-01-01')).toEqual({ preset: 'custom', from: '2026-01-01', to: '2026-01-01' });
    expect(read('from=2026-01-01')).toEqual({ preset: 'custom', from: '2026-01-01', to: undefined });
    expect(read('to=2026-01-01')).toEqual({ preset: 'custom', from: undefined, to: '2026-01-01' });
    expect(read('from=1999-12-31&to=2000-01-31')).toEqual({ preset: 'custom', from: undefined, to: '2000-01-31' });
  });

  it.each([
    ['period=custom&from=2026-12-01&to=2026-01-01', '12m'],
    ['from=2010-01-01&to=2026-01-01', '12m'],
    ['from=2026-12-01', '12m'],
    ['from=2026-02-30&to=nonsense', '12m'],
    ['period=30d&from=2026-12-01&to=2026-01-01', '30d'],
  ])('falls back to the preset for a range the API would refuse: %s', (search, preset) => {
    expect(read(search)).toEqual({ preset });
  });
});
