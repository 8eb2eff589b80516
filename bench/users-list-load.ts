/**
 * B1's load: saturation with autocannon (closed loop: `connections` requests always in flight), and
 * a fixed rate as an open loop of our own. autocannon's `overallRate` gives each connection a quota
 * that resets every second, so each second starts with every connection sending back to back until
 * the quota is spent, then idles: at half the saturating rate the first half of each second is
 * saturated, and p99 is the saturated latency. Here requests are due at even intervals, sent on a
 * pool of keep-alive connections, and timed from when they were due (a request waiting for a free
 * connection counts: no coordinated omission).
 */
import autocannon from 'autocannon';
import http from 'node:http';

export type Saturation = {
  rate: number;
  requests: number;
  non2xx: number;
  errors: number;
  p50: number;
  p99: number;
};

/** Fixed headers, or a function giving each request its own (B10: a session in turn). */
export type Headers = Record<string, string> | (() => Record<string, string>);

/** Closed loop for `seconds`: requests a second (2xx only) and autocannon's latency percentiles. */
export async function saturate(
  url: string,
  headers: Headers,
  connections: number,
  seconds: number,
): Promise<Saturation> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 10,
    ...(typeof headers === 'function'
      ? { requests: [{ setupRequest: (request) => ({ ...request, headers: headers() }) }] }
      : { headers }),
  });
  return {
    rate: result['2xx'] / result.duration,
    requests: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    p50: result.latency.p50 ?? Number.NaN,
    p99: result.latency.p99 ?? Number.NaN,
  };
}

export type Paced = { sent: number; ok: number; failed: number; latencies: number[]; seconds: number };

/** `rate` requests a second for `seconds`, due at even intervals, over at most `connections` sockets. */
export function paced(
  url: string,
  headers: Headers,
  rate: number,
  seconds: number,
  connections: number,
): Promise<Paced> {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latencies: number[] = [];
  let sent = 0;
  let done = 0;
  let failed = 0;
  const start = performance.now();
  return new Promise((resolve) => {
    const finish = () => {
      agent.destroy();
      resolve({ sent, ok: latencies.length, failed, latencies, seconds: (performance.now() - start) / 1000 });
    };
    const settle = (due: number, ok: boolean) => {
      if (ok) latencies.push(performance.now() - due);
      else failed += 1;
      done += 1;
      if (done === total) finish();
    };
    const send = (due: number) => {
      const request = http.get(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          headers: typeof headers === 'function' ? headers() : headers,
          agent,
        },
        (response) => {
          response.resume();
          response.once('end', () => settle(due, response.statusCode === 200));
          response.once('error', () => settle(due, false));
        },
      );
      request.once('error', () => settle(due, false));
    };
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - start) / interval) + 1);
      while (sent < due) send(start + sent++ * interval);
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    tick();
  });
}

/** The p-th percentile (0-100) of unsorted values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
