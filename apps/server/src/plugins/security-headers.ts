import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** helmet's own value: a year, subdomains included. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer (helmet): the Content Security Policy of the web app, and
 * Strict-Transport-Security only on answers to requests that came over HTTPS (`request.protocol`,
 * which follows X-Forwarded-Proto when TRUST_PROXY is set). Over plain HTTP the header means nothing
 * (browsers must ignore it, RFC 6797 section 8.1) and would only claim a protection that is not there.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { production: boolean }) {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        workerSrc: ["'self'"],
        upgradeInsecureRequests: options.production ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
  });
}
