import { USABLE_MARK } from '../src/mfe/vitals';

/**
 * The paths the page marked usable (markUsable), from now until `restore`. jsdom has no performance.mark, so a stand-in
 * takes the marks.
 */
export function watchUsableMarks() {
  const mark = jest.fn();
  Object.defineProperty(performance, 'mark', { configurable: true, writable: true, value: mark });
  return {
    paths: (): string[] =>
      mark.mock.calls
        .filter(([name]) => name === USABLE_MARK)
        .map(([, options]) => (options as { detail: { path: string } }).detail.path),
    restore: () => void Reflect.deleteProperty(performance, 'mark'),
  };
}
