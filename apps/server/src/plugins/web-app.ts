import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';

const NO_CACHE = new Set(['index.html', 'sw.js']);

/**
 * How long a browser keeps a file of the build: hashed files (assets/) for good; the page and the
 * service worker revalidated each time, so a new version shows at once; the other public files
 * (favicon, icons, web manifest, the service worker's Workbox runtime) for a day, then revalidated
 * with their ETag. Precompressed files (`.br`, `.gz`) as the file they stand for.
 */
export function cacheControlOf(file: string): string {
  const relative = file
    .split(path.sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (relative.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (NO_CACHE.has(relative)) return 'no-cache';
  return 'public, max-age=86400';
}

/** Serves the built PWA; unknown non-API GETs get index.html so the web router can answer them. */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn(`no web build in ${distDir}: run "npm run build" to serve the web app`);
    return undefined;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    // The build writes .br and .gz beside each file: send those to browsers that accept them.
    preCompressed: true,
    setHeaders(res, filePath: string) {
      res.header('Cache-Control', cacheControlOf(path.relative(distDir, filePath)));
    },
  });
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (
      request.method !== 'GET' ||
      request.url.startsWith('/api') ||
      path.extname(request.url.split('?')[0]!)
    ) {
      return false;
    }
    void reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    return true;
  };
}
