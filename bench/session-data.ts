/**
 * B6's data: members with photos (thumbnails are most of a session's bytes). A few distinct portrait
 * photos go through the real upload route (POST /api/photos: the photo pipeline, every variant) for a
 * few members; every other listed member then gets `perMember` of them as their own photo rows (new
 * ids, so new URLs: the browser caches nothing across members, as with real photos), the first as
 * the avatar. Members already having an avatar are left as they are (a database seeded with avatars,
 * e.g. by `npm run seed`, is used as is).
 */
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../apps/server/src/db/client.ts';
import { createSession, SESSION_COOKIE } from '../apps/server/src/features/auth/sessions.service.ts';
import { multipartBody, photoPixels } from '../apps/server/src/test/media-factories.ts';

/** A phone portrait (1200x1600 JPEG) with a face-like disc over a smooth grainy background. */
async function portrait(index: number): Promise<Buffer> {
  const hue = (index * 47) % 360;
  const face = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1600">
      <ellipse cx="600" cy="640" rx="300" ry="380" fill="hsl(${(hue + 20) % 360}, 45%, 35%)" opacity="0.85"/>
      <rect x="250" y="1050" width="700" height="550" rx="200" fill="hsl(${(hue + 180) % 360}, 55%, 45%)"/>
    </svg>`,
  );
  const background = await (await photoPixels(1200, 1600)).jpeg({ quality: 92 }).toBuffer();
  return sharp(background)
    .composite([{ input: face }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

type PhotoSource = { id: string; width: number; height: number; placeholder: string; variants: unknown };

/**
 * Gives members of `ids` without an avatar `perMember` photos each (avatar first), from `distinct`
 * photos uploaded through the API of `url`. Returns how many members got photos.
 */
export async function ensurePhotos(
  db: Db,
  url: string,
  ids: string[],
  options: { distinct?: number; perMember?: number } = {},
): Promise<{ added: number; uploaded: number }> {
  const distinct = options.distinct ?? 12;
  const perMember = options.perMember ?? 3;
  const missing = (
    await db.execute(sql`
      SELECT id FROM users WHERE avatar_photo_id IS NULL
        AND id = ANY(${sql.raw(`ARRAY[${ids.map((id) => `'${id}'`).join(',')}]::uuid[]`)})`)
  ).rows.map((row) => (row as { id: string }).id);
  if (missing.length === 0) return { added: 0, uploaded: 0 };

  // Distinct photos, uploaded by the first members missing one (they keep them as their own).
  const sources: PhotoSource[] = [];
  const uploaders = missing.slice(0, distinct);
  await Promise.all(
    uploaders.map(async (userId, index) => {
      const { token } = await createSession(db, userId, 'session bench');
      const body = multipartBody({ bytes: await portrait(index), filename: 'me.jpg' }, {});
      const response = await fetch(`${url}/api/photos`, {
        method: 'POST',
        headers: { ...body.headers, cookie: `${SESSION_COOKIE}=${token}` },
        body: new Uint8Array(body.payload),
      });
      if (response.status !== 201)
        throw new Error(`photo upload: ${response.status} ${await response.text()}`);
      const { _id } = (await response.json()) as { _id: string };
      await db.execute(sql`UPDATE users SET avatar_photo_id = ${_id}::uuid WHERE id = ${userId}::uuid`);
    }),
  );
  sources.push(
    ...((
      await db.execute(sql`
        SELECT id, width, height, placeholder, variants FROM photos
        WHERE owner_id = ANY(${sql.raw(`ARRAY[${uploaders.map((id) => `'${id}'`).join(',')}]::uuid[]`)})
        ORDER BY created_at`)
    ).rows as PhotoSource[]),
  );

  // Everyone else: copies of the sources as their own rows, the first made the avatar.
  const rest = missing.slice(uploaders.length);
  for (const [index, userId] of rest.entries()) {
    const chosen = Array.from({ length: perMember }, (_, k) => sources[(index + k * 5) % sources.length]!);
    const rows = (
      await db.execute(sql`
        INSERT INTO photos (owner_id, width, height, placeholder, variants, created_at)
        SELECT ${userId}::uuid, s.width, s.height, s.placeholder, s.variants, now() + (n || ' ms')::interval
        FROM photos s JOIN unnest(${sql.raw(`ARRAY[${chosen.map((source) => `'${source.id}'`).join(',')}]::uuid[]`)})
          WITH ORDINALITY AS pick(id, n) ON pick.id = s.id
        ORDER BY n
        RETURNING id`)
    ).rows as { id: string }[];
    await db.execute(sql`UPDATE users SET avatar_photo_id = ${rows[0]!.id}::uuid WHERE id = ${userId}::uuid`);
  }
  await db.execute(sql`ANALYZE photos, users`);
  return { added: missing.length, uploaded: uploaders.length };
}
