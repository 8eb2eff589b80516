import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from '../../apps/server/src/db/schema.ts';
import { listMembersQuery, countMembersQuery } from '../../apps/server/src/features/discovery/user-lists.repository.ts';
import { findPhotosByIds } from '../../apps/server/src/features/media/media.repository.ts';
import type { Db } from '../../apps/server/src/db/client.ts';
const time = (name: string, n: number, fn: () => unknown) => {
  for (let i = 0; i < n; i++) fn();
  const runs: number[] = [];
  for (let r = 0; r < 7; r++) { const t = performance.now(); for (let i = 0; i < n; i++) fn(); runs.push((performance.now() - t) / n * 1000); }
  runs.sort((a, b) => a - b);
  console.log(`${name}: min ${runs[0]!.toFixed(1)} us, median ${runs[3]!.toFixed(1)} us`);
};
const db = drizzle(new pg.Pool(), { schema }) as unknown as Db;
const viewer = { id: '5ff4ecce-854b-47ba-b0f6-b095997f6d67', matchSex: ['female'], bornOnOrBefore: '2007-11-21', bornAfter: '1994-11-21', matchDistanceKm: 100, latitude: -4.145, longitude: 15.315 };
const request = { filter: 'users' as const, sort: '-lastActivity' as const, unrated: false };
time('list: build only', 2000, () => listMembersQuery(db, viewer, request, { skip: 0, limit: 96 }));
time('list: build+toSQL', 2000, () => listMembersQuery(db, viewer, request, { skip: 0, limit: 96 })!.toSQL());
time('count: build only', 2000, () => countMembersQuery(db, viewer, request, 196));
time('count: build+toSQL', 2000, () => countMembersQuery(db, viewer, request, 196)!.toSQL());
const ids = Array.from({ length: 82 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
time('avatars: build+toSQL', 2000, () => (findPhotosByIds(db, ids) as unknown as { toSQL(): unknown }).toSQL());
const s = sql`select 1`;
time('trivial sql toSQL', 2000, () => db.execute);
process.exit(0);
