import type { FastifyRequest } from 'fastify';
import type { Env } from '../../env.ts';

/** Where links in mails point: PUBLIC_URL, else the origin the request came to (as auth's mails). */
export function originOf(env: Env, request: FastifyRequest): string {
  return env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : `${request.protocol}://${request.host}`;
}
