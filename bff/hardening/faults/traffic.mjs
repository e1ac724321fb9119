// Steady homeowner traffic for the fault suites: requests fired on a fixed schedule (not waiting for answers), each
// recorded with when it started and ended, its status, Retry-After and error code, and abandoned as hung after
// `hangMs`.
import { cycle, requestFor } from '../load/workload.mjs';

export function startTraffic({ urls, visitors, rate, hangMs = 2_000 }) {
  const kinds = cycle();
  const records = [];
  const pending = new Set();
  const t0 = performance.now();
  let n = 0;
  let stopped = false;

  async function fire() {
    const i = n++;
    const visitor = visitors[i % visitors.length];
    const kind = kinds[Math.floor(i / visitors.length + i) % kinds.length];
    const req = requestFor(kind, visitor, i);
    const url = urls[i % urls.length];
    const record = {
      kind,
      start: performance.now() - t0,
      end: null,
      status: null,
      retryAfter: null,
      error: null,
      body: null,
    };
    // Our own timer (not AbortSignal.timeout, which did not always fire here), and a race, so that a request stuck
    // anywhere, even inside fetch, is recorded as hung after hangMs and never holds the suite.
    const controller = new AbortController();
    let hung = false;
    const timer = setTimeout(() => {
      hung = true;
      controller.abort();
    }, hangMs);
    const exchange = (async () => {
      const res = await fetch(url + req.path, {
        method: req.method,
        headers: req.headers,
        body: req.body,
        signal: controller.signal,
      });
      record.status = res.status;
      record.retryAfter = res.headers.get('retry-after');
      const text = await res.text();
      if (res.status >= 400) {
        try {
          record.body = JSON.parse(text);
        } catch {
          record.body = text.slice(0, 200);
        }
      }
    })();
    const done = (async () => {
      try {
        await Promise.race([
          exchange,
          new Promise((_, reject) =>
            setTimeout(() => reject(Object.assign(new Error('hung'), { name: 'TimeoutError' })), hangMs + 250),
          ),
        ]);
        if (hung) throw Object.assign(new Error('hung'), { name: 'TimeoutError' });
      } catch (error) {
        record.error = hung || error.name === 'TimeoutError' ? 'hung' : (error.cause?.code ?? error.name);
      } finally {
        clearTimeout(timer);
        exchange.catch(() => undefined);
        record.end = performance.now() - t0;
        records.push(record);
      }
    })();
    pending.add(done);
    done.finally(() => pending.delete(done));
  }

  const interval = 1_000 / rate;
  let next = performance.now();
  const timer = setInterval(
    () => {
      // Catch up on ticks the event loop missed, so the schedule stays the schedule.
      while (!stopped && performance.now() >= next) {
        next += interval;
        void fire();
      }
    },
    Math.max(1, Math.floor(interval / 2)),
  );

  return {
    /** Milliseconds since the traffic started (the records' clock). */
    now: () => performance.now() - t0,
    records,
    pending: () => pending.size,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.allSettled([...pending]);
      return records.sort((a, b) => a.start - b.start);
    },
  };
}

/** Latency summary of records (ms): count, p50, p99, max. */
export function latencies(records) {
  const values = records.map((r) => r.end - r.start).sort((a, b) => a - b);
  const at = (q) => (values.length ? values[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)] : null);
  return { count: values.length, p50: at(0.5), p99: at(0.99), max: values.length ? values[values.length - 1] : null };
}

export const isOk = (r) => r.status !== null && r.status >= 200 && r.status < 300;
