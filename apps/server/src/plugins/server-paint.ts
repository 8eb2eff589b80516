import type { FastifyInstance, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { requestedPage } from './public-page.ts';

/** What the web app's server build gives (apps/web/src/server-paint.ts). */
type ServerVisit = {
  url: string;
  language: ReturnType<typeof requestedPage>['language'];
  fetch(url: string, init: RequestInit): Promise<Response>;
};
type Painter = (visit: ServerVisit, shellFile: string) => Promise<string | null>;
type PainterModule = { createPainter(distDir: string): Painter };

/** Paints the page `request` asks for into `shellFile` (decision 0057); null when the page sends the visit elsewhere. */
export type PagePainter = (request: FastifyRequest, shellFile: string) => Promise<string | null>;

/**
 * The page painter of the web app's server build beside `distDir` (`dist-server/`, written by `npm run
 * build`), or undefined without one (the pages are then answered with their shells, as before).
 * Each API call the page makes while it renders goes to this server's own routes as the request it
 * paints (`app.inject` with its cookie and address): the HTML holds what the API gives that visit, by
 * the very same checks, and nothing else. Only reads: a page that tried to change anything while it
 * renders would get a 405.
 */
export async function loadPagePainter(
  app: FastifyInstance,
  distDir: string,
): Promise<PagePainter | undefined> {
  const entry = path.join(distDir, '..', 'dist-server', 'server-paint.js');
  if (!existsSync(entry)) {
    app.log.warn(`no server build of the web app at ${entry}: pages are not painted on the server`);
    return undefined;
  }
  const { createPainter } = (await import(pathToFileURL(entry).href)) as PainterModule;
  const paint = createPainter(distDir);
  return (request, shellFile) =>
    paint(
      { url: request.url, language: requestedPage(request).language, fetch: asRequest(app, request) },
      shellFile,
    );
}

const FORWARDED_HEADERS = ['cookie', 'accept-language', 'user-agent'] as const;

/** A fetch of the API answered by `app`'s routes as if `request` had asked. */
function asRequest(app: FastifyInstance, request: FastifyRequest): ServerVisit['fetch'] {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return async (url, init) => {
    if ((init.method ?? 'GET') !== 'GET') return new Response(null, { status: 405 });
    const answer = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers))
      if (typeof value === 'string') responseHeaders.set(name, value);
    return new Response(answer.statusCode === 204 ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  };
}
