import type { FastifyRequest } from 'fastify';

/**
 * Path parameters that are secrets: a payment's callback token (PAYMENTS.md P7) lets whoever holds
 * it call back for that payment, a zone's invite token (GET /api/zones/by-invite/{token}) lets them
 * join, and the database keeps only their hash. Fastify's request log line
 * ("incoming request") would keep it in clear, in every log collector: it shows `[redacted]` instead.
 */
const SECRET_PARAMS = ['token'];

const REDACTED = '[redacted]';

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The request's URL with the values of its secret path parameters replaced. */
function redactedUrl(request: FastifyRequest): string {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const secrets = SECRET_PARAMS.map((name) => params[name]).filter(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  if (secrets.length === 0) return request.url;
  const queryAt = request.url.indexOf('?');
  const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : request.url.slice(queryAt);
  const redacted = path
    .split('/')
    .map((segment) => (secrets.includes(decoded(segment)) ? REDACTED : segment))
    .join('/');
  return `${redacted}${query}`;
}

/** Fastify's logger serializers: a request as its log lines show it, Fastify's own fields with secrets redacted. */
export const requestLogSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactedUrl(request),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};
