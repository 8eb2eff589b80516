/**
 * B1's reference: a bare Fastify + `pg` server (the app's Fastify and pg versions) with ONE route,
 * GET /api/users, answering the default list of one fixed viewer: no session lookup, no validation,
 * no schema serializer, no plugins. It runs exactly the statements the app runs for that list (the
 * viewer's preferences, the page and the capped count at once, then the page's avatars), with the SQL
 * text and parameters captured from the app's own code (users-list-setup.ts `captureStatements`), and
 * builds the same JSON with a minimal inline mapping.
 *
 *   node --import tsx bench/users-list-reference.ts <spec.json> <port>
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import { registerCompression } from '../apps/server/src/plugins/compression.ts';
import { listenUntilStopped, referencePool } from './lib/reference-server.ts';
import type { ReferenceSpec } from './users-list-setup.ts';

const [specFile, port] = process.argv.slice(2);
const spec = JSON.parse(readFileSync(specFile!, 'utf8')) as ReferenceSpec;

// DATE columns as 'YYYY-MM-DD' strings (as drizzle reads them), not as local midnights.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
const pool = referencePool(spec);

const DAY_MS = 24 * 3_600_000;
const BUCKETS = [1, 2, 5, 10, 25, 50, 100, 250, 500];
const EXTENSIONS: Record<string, string> = { 'image/avif': 'avif', 'image/webp': 'webp' };
const field = Object.fromEntries(spec.listFields.map((name, i) => [name, i])) as Record<string, number>;

type Variant = { width: number; type: string };
type PhotoRow = {
  id: string;
  width: number;
  height: number;
  placeholder: string;
  variants: Variant[];
  created_at: Date;
};

function age(dateOfBirth: string, now: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const m = now.getUTCMonth() + 1;
  const had = m > month || (m === month && now.getUTCDate() >= day);
  return now.getUTCFullYear() - year - (had ? 0 : 1);
}

/** A card's avatar: the 160 px WebP thumbnail and the blurred placeholder drawn under it. */
function avatar(row: PhotoRow) {
  const variants = [...row.variants].sort((a, b) => a.width - b.width || a.type.localeCompare(b.type));
  const thumb = variants.find((v) => v.type === 'image/webp') ?? variants[0];
  return {
    thumbnail: thumb ? `/api/media/${row.id}/${thumb.width}.${EXTENSIONS[thumb.type]}` : '',
    placeholder: row.placeholder,
  };
}

const app = Fastify({ logger: false });
// The same compression as the app (browsers ask for it; the load generator does too).
await registerCompression(app);
app.get('/api/users', async (_request, reply) => {
  const viewer = await pool.query({ text: spec.viewer.sql, values: spec.viewer.params, rowMode: 'array' });
  if (viewer.rows.length === 0) return reply.code(401).send({ code: 'unauthorized' });
  const [list, count] = await Promise.all([
    pool.query({ text: spec.list.sql, values: spec.list.params, rowMode: 'array' }),
    pool.query({ text: spec.count.sql, values: spec.count.params, rowMode: 'array' }),
  ]);
  const rows = list.rows as unknown[][];
  const ids = [...new Set(rows.flatMap((row) => (row[field.avatarPhotoId!] as string | null) ?? []))];
  const photos = new Map<string, PhotoRow>();
  if (ids.length > 0) {
    const found = await pool.query<PhotoRow>({
      text: spec.avatars[ids.length]!,
      values: spec.avatarsArrayParam ? [ids] : ids,
    });
    for (const photo of found.rows) photos.set(photo.id, photo);
  }
  const now = new Date();
  return {
    users: rows.map((row) => {
      const get = (name: string) => row[field[name]!];
      const firstName = get('firstName') as string | null;
      const photo = photos.get(get('avatarPhotoId') as string);
      const last = get('lastActivity') as Date | null;
      const ago = last ? now.getTime() - last.getTime() : Infinity;
      const km = get('distanceKm') as number | null;
      return {
        _id: get('id'),
        username: get('username'),
        firstName,
        name: firstName || get('username'),
        age: age(get('dateOfBirth') as string, now),
        sex: get('sex'),
        verified: get('verifiedAt') !== null,
        avatar: photo ? avatar(photo) : null,
        activity: get('connected')
          ? 'online'
          : ago < DAY_MS
            ? 'today'
            : ago < 7 * DAY_MS
              ? 'week'
              : 'earlier',
        distance: km === null ? null : (BUCKETS.find((bound) => km < bound) ?? 501),
      };
    }),
    count: Number((count.rows[0] as unknown[])[0]),
  };
});

await listenUntilStopped(app, pool, port!);
