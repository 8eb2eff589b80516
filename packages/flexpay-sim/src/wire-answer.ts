import type { FastifyReply, FastifyRequest } from 'fastify';
import { faultOf } from './faults.ts';
import type { SimContext } from './scenarios.ts';
import type { WireCall } from './transactions.ts';

/** Whether the request carries `Bearer <token>`, in its header or (card API) its body's `authorization`. */
export function authOf(value: unknown, token: string): WireCall['auth'] {
  if (value === undefined || value === null || value === '') return 'missing';
  return value === `Bearer ${token}` ? 'valid' : 'invalid';
}

function headersWithoutAuthorization(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (name !== 'authorization' && value !== undefined) headers[name] = String(value);
  }
  return headers;
}

/** The body as recorded: a card request's `authorization` field replaced by its verdict. */
function recordedBody(body: unknown, token: string): unknown {
  if (!body || typeof body !== 'object' || !('authorization' in body)) return body ?? null;
  const { authorization, ...rest } = body as Record<string, unknown>;
  return { ...rest, authorization: `[${authOf(authorization, token)}]` };
}

/** Answers a wire request and records it (GET /__sim/tx), the token never among what is kept. */
export function wireAnswerer(ctx: SimContext, token: string) {
  return (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    body: unknown,
    type = 'application/json; charset=utf-8',
  ) => {
    const bodyAuth = (request.body as { authorization?: unknown } | null)?.authorization;
    const auth = authOf(request.headers.authorization, token);
    ctx.store.record({
      at: new Date(ctx.clock.now()).toISOString(),
      method: request.method,
      path: request.url,
      auth: auth === 'missing' && bodyAuth !== undefined ? authOf(bodyAuth, token) : auth,
      headers: headersWithoutAuthorization(request),
      body: recordedBody(request.body, token),
      httpStatus: status,
      answer: body,
      fault: faultOf(request),
    });
    return reply
      .code(status)
      .type(type)
      .send(typeof body === 'string' ? body : JSON.stringify(body));
  };
}
export type WireAnswer = ReturnType<typeof wireAnswerer>;
