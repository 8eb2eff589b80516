/**
 * B8's reference: a bare Fastify + `pg` server (the app's Fastify and pg versions) with ONE route,
 * GET /api/posts, answering one fixed viewer's first page, or their page 20 when a cursor is given:
 * no session lookup, no validation, no schema serializer, no plugins but the app's compression. It
 * replays exactly the statements the app sends for that page (the viewer's preferences, the page,
 * then at once the page's avatars and media items), captured from the app's own code
 * (posts-feed-setup.ts `captureFeedPage`), and builds the page's JSON with a minimal inline mapping.
 *
 *   node --import tsx bench/posts-feed-reference.ts <spec.json> <port>
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { registerCompression } from '../apps/server/src/plugins/compression.ts';
import { listenUntilStopped, referencePool } from './lib/reference-server.ts';
import type { FeedReferenceSpec, PageSpec } from './posts-feed-setup.ts';

const [specFile, port] = process.argv.slice(2);
const spec = JSON.parse(readFileSync(specFile!, 'utf8')) as FeedReferenceSpec;

const pool = referencePool(spec);
const field = Object.fromEntries(spec.pageFields.map((name, i) => [name, i])) as Record<string, number>;
const PAGE = 20;

type Variant = { width: number; height: number; type: string; bytes?: number };
type Row = Record<string, unknown> & { id: string };
const extension = (type: string) => (type === 'image/avif' ? 'avif' : 'webp');

function image(row: Row, base: string) {
  const variants = ((row.image ?? row.variants) as Variant[]).toSorted((a, b) => a.width - b.width);
  const thumb = variants.find((v) => v.type === 'image/webp') ?? variants[0];
  return {
    _id: row.id,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    thumbnail: thumb ? `${base}${thumb.width}.${extension(thumb.type)}` : '',
    sources: variants.map((v) => ({
      url: `${base}${v.width}.${extension(v.type)}`,
      type: v.type,
      width: v.width,
    })),
    createdAt: (row.created_at as Date).toISOString(),
  };
}

async function answer(page: PageSpec) {
  const [viewer, list, ...batch] = page.statements;
  const me = await pool.query({ text: viewer!.sql, values: viewer!.params, rowMode: 'array' });
  if (me.rows.length === 0) return { status: 401, body: { code: 'unauthorized' } };
  const found = await pool.query({
    text: list!.sql,
    values: list!.params,
    rowMode: 'array',
  });
  const rows = found.rows as unknown[][];
  const byId = new Map<string, Row>();
  for (const result of await Promise.all(batch.map((s) => pool.query<Row>(s.sql, s.params)))) {
    for (const row of result.rows) byId.set(row.id, row);
  }
  const get = (row: unknown[], name: string) => row[field[name]!];
  const shown = rows.slice(0, PAGE);
  const last = shown.at(-1);
  return {
    status: 200,
    body: {
      posts: shown.map((row) => {
        const id = get(row, 'id') as string;
        const avatar = byId.get(get(row, 'authorAvatarPhotoId') as string);
        const firstName = get(row, 'authorFirstName') as string | null;
        return {
          _id: id,
          author: {
            _id: get(row, 'authorId'),
            username: get(row, 'authorUsername'),
            firstName,
            name: firstName || get(row, 'authorUsername'),
            avatar: avatar
              ? {
                  thumbnail: image(avatar, `/api/media/${avatar.id}/`).thumbnail,
                  placeholder: avatar.placeholder,
                }
              : null,
          },
          text: get(row, 'text'),
          kind: get(row, 'kind'),
          visibility: get(row, 'visibility'),
          status: get(row, 'status'),
          mediaCount: get(row, 'mediaCount'),
          media: (get(row, 'mediaIds') as string[]).flatMap((itemId) => {
            const item = byId.get(itemId);
            if (!item) return [];
            return [
              {
                _id: item.id,
                kind: item.kind,
                status: item.status,
                image: image(item, `/api/posts/${id}/media/${item.id}/`),
                sources: [],
              },
            ];
          }),
          access: get(row, 'authorId') === spec.viewerId ? 'author' : 'allowed',
          locked: false,
          likes: get(row, 'likes'),
          liked: get(row, 'liked'),
          comments: get(row, 'commentsSeen'),
          allowed: null,
          createdAt: (get(row, 'createdAt') as Date).toISOString(),
          editedAt: null,
          zone: null,
        };
      }),
      next:
        rows.length > PAGE && last
          ? Buffer.from(
              `${(get(last, 'createdAt') as Date).getTime()}.${get(last, 'id') as string}`,
            ).toString('base64url')
          : null,
    },
  };
}

const app = Fastify({ logger: false });
await registerCompression(app);
// A failed answer says why on the bench's output: the run stops at the comparison that follows.
app.setErrorHandler((error, _request, reply) => {
  console.error('reference:', error);
  return reply.code(500).send({ code: 'reference_failed' });
});
app.get('/api/posts', async (request, reply) => {
  const { cursor } = request.query as { cursor?: string };
  const { status, body } = await answer(cursor ? spec.deep : spec.first);
  return reply.code(status).send(body);
});

await listenUntilStopped(app, pool, port!);
