import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SimContext } from './scenarios.ts';

/**
 * Faults on the wire API (POST /__sim/faults), drawn from the seeded random source so a run
 * replays. They strike after the request was handled, as in the wild: the transaction exists, but
 * the answer is lost (`dropConnectionRate`), a gateway's 502 HTML page (`errorRate`) or an HTML page
 * with HTTP 200 (`htmlRate`). `latencyMs` delays every answer (real time); `checkNotFoundForMs` has
 * check not know a transaction yet for a while after its creation, as FlexPay often does.
 */
export type SimFaults = {
  latencyMs: number;
  errorRate: number;
  dropConnectionRate: number;
  htmlRate: number;
  /** For this long after its creation (virtual ms), check answers "Aucune transaction trouvée" (A1.5). */
  checkNotFoundForMs: number;
};
export type Fault = 'drop' | 'error' | 'html';

export const NO_FAULTS: SimFaults = {
  latencyMs: 0,
  errorRate: 0,
  dropConnectionRate: 0,
  htmlRate: 0,
  checkNotFoundForMs: 0,
};

const faults = new WeakMap<FastifyRequest, Fault>();

/** The fault the request was dealt, if any (recorded with the call). */
export const faultOf = (request: FastifyRequest): Fault | null => faults.get(request) ?? null;

const isWire = (url: string) => url.startsWith('/api/rest/v1/') || url.startsWith('/v1.1/');

export function registerFaults(app: FastifyInstance, ctx: SimContext) {
  app.addHook('onRequest', async (request) => {
    if (!isWire(request.url)) return;
    const { latencyMs, errorRate, dropConnectionRate, htmlRate } = ctx.faults;
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    const draw = ctx.random.next();
    if (draw < dropConnectionRate) faults.set(request, 'drop');
    else if (draw < dropConnectionRate + errorRate) faults.set(request, 'error');
    else if (draw < dropConnectionRate + errorRate + htmlRate) faults.set(request, 'html');
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const fault = faults.get(request);
    if (!fault) return payload;
    if (fault === 'drop') {
      request.raw.socket.destroy();
      return payload;
    }
    void reply.code(fault === 'error' ? 502 : 200).type('text/html; charset=utf-8');
    return fault === 'error'
      ? '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>'
      : '<!doctype html><html><body><h1>Service momentanément indisponible</h1></body></html>';
  });
}

/** Reads POST /__sim/faults's body: rates in [0, 1], latency in ms; what is missing stays as it was. */
export function parseFaults(body: unknown, current: SimFaults): SimFaults | string {
  const fields = (body ?? {}) as Record<string, unknown>;
  const next = { ...current };
  for (const name of Object.keys(NO_FAULTS) as (keyof SimFaults)[]) {
    const value = fields[name];
    if (value === undefined) continue;
    const max = name === 'latencyMs' ? 60_000 : name === 'checkNotFoundForMs' ? 24 * 60 * 60_000 : 1;
    if (typeof value !== 'number' || !(value >= 0 && value <= max))
      return `${name}: a number from 0 to ${max}`;
    next[name] = value;
  }
  return next;
}
