/** The part of autocannon (which ships no types) that the benchmarks use. */
declare module 'autocannon' {
  type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
  } & {
    [percentile: `p${string}`]: number;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    /** Requests a second over all connections (each connection's quota is reset every second). */
    overallRate?: number;
    timeout?: number;
    pipelining?: number;
    /** Each request in turn; `setupRequest` may change one before it is sent (its headers). */
    requests?: { setupRequest?: (request: RequestParams) => RequestParams }[];
  };
  export type RequestParams = { method?: string; path?: string; headers?: Record<string, string> };
  export type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
