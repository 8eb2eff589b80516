import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/app-error.ts';

/** The session of a protected route's request (public-routes.ts answered 401 without one). */
export function memberOf(request: FastifyRequest) {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * A route's rate limit (QUALITY R1) counted per member, whatever the address: many members share one
 * carrier address, and one member may change addresses. A request without a session counts by address.
 * It counts its own route and method, whatever its `name`: each name is declared once
 * (rate-limit-names.test.ts), and an action over several routes takes `perMemberActionLimit`.
 */
export function perMemberRateLimit(name: string, max: number, timeWindow: number | string) {
  return {
    rateLimit: {
      max,
      timeWindow,
      keyGenerator: (request: FastifyRequest) =>
        request.auth ? `${name}:member:${request.auth.userId}` : `${name}:ip:${request.ip}`,
    },
  };
}

/**
 * A member's action limited across every route and method that does it (liking: PUT and DELETE of a
 * post's and a comment's like make one count), where a route's `config` limit counts that route and
 * method alone. One counter (in Redis with REDIS_URL) for all the routes given the returned hook as
 * their `onRequest`; they document their 429 themselves (`apiErrors`).
 */
export function perMemberActionLimit(
  app: FastifyInstance,
  name: string,
  max: number,
  timeWindow: number | string,
) {
  return app.rateLimit(perMemberRateLimit(name, max, timeWindow).rateLimit);
}
