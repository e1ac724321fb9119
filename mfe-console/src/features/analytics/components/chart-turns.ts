/**
 * The charts of a page draw one per main-thread task, in the order they mount. apexcharts draws a chart in one go
 * (measuring every label: 100-150 ms each on a throttled phone), so the five charts of the properties page drew in
 * one task of 500-660 ms after the figures arrived, and nothing typed or tapped was answered until all were done.
 * Until its turn a chart shows its skeleton, at the chart's own height (chart.tsx): nothing moves when it draws.
 */
interface Turn {
  start: () => void;
  active: boolean;
}

const waiting: Turn[] = [];
let busy = false;

function startNext(): void {
  if (busy) return;
  const turn = waiting.shift();
  if (!turn) return;
  busy = true;
  turn.active = true;
  turn.start();
}

/** The next chart starts in a later task: the browser paints and handles input in between. */
function releaseAfterThisTask(): void {
  setTimeout(() => {
    busy = false;
    startNext();
  }, 0);
}

/**
 * Queues a chart: `start` is called when it may draw (at once when no other chart is drawing). The returned function
 * says the chart has drawn, or is gone (unmounted before or during its turn); calling it again does nothing.
 */
export function takeChartTurn(start: () => void): () => void {
  const turn: Turn = { start, active: false };
  waiting.push(turn);
  startNext();
  let finished = false;
  return () => {
    if (finished) return;
    finished = true;
    const at = waiting.indexOf(turn);
    if (at >= 0) waiting.splice(at, 1);
    else if (turn.active) {
      turn.active = false;
      releaseAfterThisTask();
    }
  };
}
