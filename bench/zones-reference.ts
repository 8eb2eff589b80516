/**
 * B10's reference: a bare Fastify + `pg` server (the app's Fastify and pg versions) with two routes,
 * GET /api/zones/search and GET /api/zones/suggestions, answering the default page of one fixed
 * search, or of the suggestions, for the caller: the session cookie's token is looked up in memory
 * (no session query), no validation, no schema serializer, no plugins but the app's compression. It
 * replays exactly the statements the app sends (captured from the app's own service,
 * zones-setup.ts `captureZoneLists`), the captured viewer's id replaced by the caller's, and builds
 * the list's JSON with a minimal inline mapping.
 *
 *   node --import tsx bench/zones-reference.ts <spec.json> <port>
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { registerCompression } from '../apps/server/src/plugins/compression.ts';
import { listenUntilStopped, referencePool } from './lib/reference-server.ts';
import type { ListSpec, ZonesReferenceSpec } from './zones-setup.ts';

const [specFile, port] = process.argv.slice(2);
const spec = JSON.parse(readFileSync(specFile!, 'utf8')) as ZonesReferenceSpec;

const pool = referencePool(spec);
const field = Object.fromEntries(spec.pageFields.map((name, i) => [name, i])) as Record<string, number>;
const COOKIE = /(?:^|;\s*)([^=]+)=([^;]*)/g;

function viewerOf(cookie: string | undefined): string | undefined {
  for (const [, , value] of (cookie ?? '').matchAll(COOKIE)) {
    const id = spec.sessions[decodeURIComponent(value!)];
    if (id) return id;
  }
  return undefined;
}

async function answer(list: ListSpec, viewerId: string) {
  const params = (values: unknown[]) => values.map((value) => (value === spec.viewerId ? viewerId : value));
  const [page, count] = list.statements.slice(-2);
  // Suggestions first read the viewer's language (the same for every viewer of the run).
  if (list.statements.length > 2) {
    const [language] = list.statements;
    await pool.query({ text: language!.sql, values: params(language!.params), rowMode: 'array' });
  }
  const [rows, counted] = await Promise.all([
    pool.query({ text: page!.sql, values: params(page!.params), rowMode: 'array' }),
    pool.query({ text: count!.sql, values: params(count!.params), rowMode: 'array' }),
  ]);
  const get = (row: unknown[], name: string) => row[field[name]!];
  return {
    zones: (rows.rows as unknown[][]).map((row) => ({
      _id: get(row, 'id'),
      title: get(row, 'title'),
      name: get(row, 'name'),
      description: get(row, 'description'),
      cover: get(row, 'coverItemId'),
      access: get(row, 'access'),
      questions: get(row, 'questions'),
      members: get(row, 'members'),
      role: get(row, 'role'),
      createdAt: (get(row, 'createdAt') as Date).toISOString(),
    })),
    count: (counted.rows as unknown[][])[0]![0],
  };
}

const app = Fastify({ logger: false });
await registerCompression(app);
// A failed answer says why on the bench's output: the run stops at the comparison that follows.
app.setErrorHandler((error, _request, reply) => {
  console.error('reference:', error);
  return reply.code(500).send({ code: 'reference_failed' });
});
for (const [route, list] of [
  ['/api/zones/search', spec.search],
  ['/api/zones/suggestions', spec.suggestions],
] as const) {
  app.get(route, async (request, reply) => {
    const viewerId = viewerOf(request.headers.cookie);
    if (!viewerId) return reply.code(401).send({ code: 'unauthorized' });
    return reply.send(await answer(list, viewerId));
  });
}

await listenUntilStopped(app, pool, port!);
