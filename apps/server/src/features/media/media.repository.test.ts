import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, type PhotoRow, type PhotoVariant } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMember } from '../../test/factories.ts';
import { findPhotosByIds, insertPhoto } from './media.repository.ts';

const byId = (rows: PhotoRow[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** Variants of every kind a photo row holds: sizes, both types, one file of odd name and bytes. */
function variants(seed: number): PhotoVariant[] {
  return [160, 480, 720, 1080].slice(0, 1 + (seed % 4)).flatMap((width) =>
    (['image/webp', 'image/avif'] as const).map((type) => ({
      key: `photos/${seed}/${width}.${type === 'image/webp' ? 'webp' : 'avif'}`,
      type,
      bytes: 1000 + seed * 37 + width,
      width,
      height: Math.round((width * 4) / 3),
    })),
  );
}

describe('findPhotosByIds', () => {
  let t: TestApp;
  const ids: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
    for (let owner = 0; owner < 3; owner++) {
      const member = await createMember(t);
      for (let n = 0; n < 4; n++) {
        const seed = owner * 4 + n;
        const row = await insertPhoto(t.db, {
          ownerId: member.user.id,
          width: 900 + seed,
          height: 1200 + seed,
          placeholder: `data:image/webp;base64,${'Qk'.repeat(seed + 1)}é`,
          variants: variants(seed),
        });
        ids.push(row.id);
      }
    }
  });
  afterAll(() => t.close());

  // Its rows are read with each column's decoder instead of Drizzle's mapping: the same values and
  // types (dates as Dates, variants as objects) as Drizzle's own select of the same photos.
  it("reads the same rows as Drizzle's select, from the pool and inside a transaction", async () => {
    const wanted = [...ids.slice(0, 7), randomUUID(), ids[9]!];
    const drizzles = byId(await t.db.select().from(photos).where(inArray(photos.id, wanted)));
    expect(drizzles).toHaveLength(8);
    const found = byId(await findPhotosByIds(t.db, wanted));
    expect(found).toEqual(drizzles);
    expect(found.map((row) => Object.keys(row))).toEqual(drizzles.map((row) => Object.keys(row)));
    expect(found.every((row) => row.createdAt instanceof Date)).toBe(true);
    const inTransaction = await t.db.transaction((tx) => findPhotosByIds(tx, wanted));
    expect(byId(inTransaction)).toEqual(drizzles);
  });

  it('finds nothing for no ids or unknown ones', async () => {
    expect(await findPhotosByIds(t.db, [])).toEqual([]);
    expect(await findPhotosByIds(t.db, [randomUUID(), randomUUID()])).toEqual([]);
  });
});
