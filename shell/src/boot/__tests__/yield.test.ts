/**
 * runInTasks: the boot's way to evaluate many modules without one long task. Work the page queued meanwhile (a
 * timer here, input in the browser) must get the main thread between any two steps, and the steps keep their order.
 */
import { runInTasks } from '../yield';

test('runs the steps in order, each in its own task, with the page’s work in between', async () => {
  const events: string[] = [];
  let stopped = false;
  const pageTask = () => {
    events.push('page');
    if (!stopped) setTimeout(pageTask, 0);
  };
  setTimeout(pageTask, 0);

  const step = (name: string) => async () => {
    events.push(name);
  };
  await runInTasks([step('a'), step('b'), step('c')]);
  stopped = true;

  const steps = events.filter((event) => event !== 'page');
  expect(steps).toEqual(['a', 'b', 'c']);
  for (const [from, to] of [
    ['a', 'b'],
    ['b', 'c'],
  ]) {
    expect(events.slice(events.indexOf(from), events.indexOf(to))).toContain('page');
  }
});

test('waits for a step that returns a promise before starting the next one', async () => {
  const events: string[] = [];
  await runInTasks([
    () => new Promise<void>((resolve) => setTimeout(() => resolve(void events.push('slow')), 5)),
    async () => void events.push('next'),
  ]);
  expect(events).toEqual(['slow', 'next']);
});
