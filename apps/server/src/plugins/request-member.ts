import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/app-error.ts';

/** The session of a protected route's request (public-routes.ts answered 401 without one). */
export function memberOf(request: FastifyRequest) {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * A route's rate limit (QUALITY R1) counted per member, whatever the address: many members share one
 * carrier address, and one member may change addresses. A request without a session counts by address.
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
