/** The charts of a page draw one per task, in mount order (chart-turns.ts). */
import { takeChartTurn } from '../chart-turns';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('one chart at a time, the next in a later task once the previous has drawn', () => {
  const started: string[] = [];
  const done = ['a', 'b', 'c'].map((name) => takeChartTurn(() => started.push(name)));
  expect(started).toEqual(['a']);
  done[0]!();
  expect(started).toEqual(['a']);
  jest.runOnlyPendingTimers();
  expect(started).toEqual(['a', 'b']);
  done[1]!();
  done[1]!(); // said twice: still one release
  jest.runOnlyPendingTimers();
  expect(started).toEqual(['a', 'b', 'c']);
  done[2]!();
  jest.runOnlyPendingTimers();
  // Nothing waits: the next chart starts at once.
  const next = takeChartTurn(() => started.push('d'));
  expect(started.at(-1)).toBe('d');
  next();
  jest.runOnlyPendingTimers();
});

test('a chart gone before its turn is skipped; one gone during its turn releases it', () => {
  const started: string[] = [];
  const a = takeChartTurn(() => started.push('a'));
  const b = takeChartTurn(() => started.push('b'));
  const c = takeChartTurn(() => started.push('c'));
  b(); // unmounted while waiting
  a(); // unmounted while drawing
  jest.runOnlyPendingTimers();
  expect(started).toEqual(['a', 'c']);
  c();
  jest.runOnlyPendingTimers();
});
