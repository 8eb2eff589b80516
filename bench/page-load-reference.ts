/**
 * B4's reference: each page as a static page with the same visible content and no JavaScript, served
 * like the app serves its files.
 *
 * `capturePage` loads the app's page unthrottled in a fresh phone context, waits until it is usable
 * and settled, and keeps `page.content()` (the rendered DOM) minus every <script>, modulepreload,
 * preload and manifest link; the stylesheets (the entry's and each lazy chunk's <link>, Mantine's
 * <style> tags) stay as they are. Every image the page fetched is kept with its headers.
 * `startReferenceServer` serves those pages at the same paths from a node:http server: HTML compressed
 * with brotli (quality 11, like the build's precompression) with an ETag and `no-cache`; files of the
 * web build from its folder, the build's `.br` beside each file when the browser accepts brotli, with
 * the app's cache headers (`/assets/` immutable for a year); the captured images with their own
 * headers. Anything else is fetched once from the app (with `cookie`) and kept.
 */
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';
import { measure } from './page-load-visit.ts';

export type Captured = { body: Buffer; headers: Record<string, string> };

export type ReferencePage = { path: string; html: string };

/** Strips scripts and script hints from a rendered DOM; links to `origin` become relative. */
export function staticHtml(html: string, origin: string): string {
  return html
    .replaceAll(origin, '')
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\brel="(?:modulepreload|preload|manifest)"[^>]*>/gi, '');
}

/** Loads `url` in `context` unthrottled and returns its rendered DOM as static HTML, keeping its images. */
export async function capturePage(
  context: BrowserContext,
  url: string,
  selectors: string[],
  images: Map<string, Captured>,
): Promise<{ html: string; usable: boolean }> {
  const page = await context.newPage();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'image' || response.status() !== 200) return;
    pending.push(
      response
        .body()
        .then((body) => {
          const headers = response.headers();
          const keep: Record<string, string> = {};
          for (const name of ['content-type', 'cache-control', 'etag', 'last-modified'])
            if (headers[name]) keep[name] = headers[name]!;
          images.set(new URL(response.url()).pathname + new URL(response.url()).search, {
            body,
            headers: keep,
          });
        })
        .catch(() => {}),
    );
  });
  try {
    const result = await measure(page, url, {
      profile: undefined,
      selectors,
      quietMs: 1000,
      timeoutMs: 60_000,
    });
    await Promise.all(pending);
    return {
      html: staticHtml(await page.content(), new URL(url).origin),
      usable: !Number.isNaN(result.usableMs),
    };
  } finally {
    await page.close();
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export type ReferenceServer = { url: string; stop: () => Promise<void> };

export async function startReferenceServer(options: {
  pages: ReferencePage[];
  images: Map<string, Captured>;
  webDist: string;
  appUrl: string;
  cookie?: string;
}): Promise<ReferenceServer> {
  const pages = new Map(
    options.pages.map((page) => {
      const raw = Buffer.from(page.html);
      const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      const etag = `"${createHash('sha1').update(raw).digest('hex').slice(0, 16)}"`;
      return [page.path, { raw, br, etag }] as const;
    }),
  );
  const fetched = new Map<string, Captured | null>();
  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://x');
      const brotli = /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''));
      const page = pages.get(url.pathname);
      if (page) {
        if (request.headers['if-none-match'] === page.etag) return response.writeHead(304).end();
        response.writeHead(200, {
          'content-type': TYPES['.html']!,
          'cache-control': 'no-cache',
          etag: page.etag,
          vary: 'accept-encoding',
          ...(brotli ? { 'content-encoding': 'br' } : {}),
        });
        return response.end(brotli ? page.br : page.raw);
      }
      const file = path.join(options.webDist, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''));
      if (file.startsWith(options.webDist) && existsSync(file) && statSync(file).isFile()) {
        const compressed = brotli && existsSync(`${file}.br`);
        const cache = url.pathname.startsWith('/assets/')
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=0';
        response.writeHead(200, {
          'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
          'cache-control': cache,
          vary: 'accept-encoding',
          ...(compressed ? { 'content-encoding': 'br' } : {}),
        });
        return response.end(await readFile(compressed ? `${file}.br` : file));
      }
      const key = url.pathname + url.search;
      let image = options.images.get(key) ?? fetched.get(key);
      if (image === undefined) {
        const answer = await fetch(options.appUrl + key, {
          headers: options.cookie ? { cookie: options.cookie } : {},
        }).catch(() => undefined);
        image =
          answer && answer.ok
            ? {
                body: Buffer.from(await answer.arrayBuffer()),
                headers: { 'content-type': answer.headers.get('content-type') ?? 'application/octet-stream' },
              }
            : null;
        fetched.set(key, image);
      }
      if (!image) return response.writeHead(404).end();
      response.writeHead(200, image.headers);
      response.end(image.body);
    })().catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
