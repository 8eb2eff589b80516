import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';

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
      const name = path.basename(filePath);
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else if (name === 'sw.js' || name === 'index.html' || name.endsWith('.webmanifest')) {
        res.header('Cache-Control', 'no-cache');
      }
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
