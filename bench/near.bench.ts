/**
 * B2: the near-me list (12 members, the viewer's preference filters) at a million members clustered
 * around African cities, against the same query with index scans disabled (a sequential scan) and a
 * pure nearest-neighbour query. Pages 1 and 20, alternating rounds, p50/p95.
 *
 *   node_modules/.bin/node --import tsx bench/near.bench.ts [--members N] [--rounds R] [--keep DIR]
 *
 * Uses BENCH_DATABASE_URL when set (seeding it when it holds fewer bench members than asked),
 * otherwise starts an embedded PostgreSQL in a temporary folder (or in DIR with --keep, reused by the
 * next run). Writes bench/results/near.json.
 */
import { sql } from 'drizzle-orm';
import path from 'node:path';
import { connectDatabase, migrateDatabase, type Db } from '../apps/server/src/db/client.ts';
import { AFRICAN_CITIES, seedMembers } from '../apps/server/src/seed/members.ts';
import { loadViewer } from '../apps/server/src/features/discovery/user-lists.service.ts';
import {
  listMembers,
  type ListRequest,
} from '../apps/server/src/features/discovery/user-lists.repository.ts';
import type { Viewer } from '../apps/server/src/features/discovery/discovery.policy.ts';
import { openDatabase } from './lib/processes.ts';
import { formatNumber, printBars, writeResults, type BarRow } from './lib/results.ts';
import { numberOption, textOption } from './lib/options.ts';

const PREFIX = 'nearbench';
const PAGE_SIZE = 12;
const PAGES = { 'page 1': 0, 'page 20': 19 * PAGE_SIZE } as const;
const VIEWERS = 24;
const BATCH = 100_000;

const members = numberOption('members', 1_000_000);
const rounds = numberOption('rounds', 40);
const keepDir = textOption('keep');
if (!Number.isInteger(members) || members < 1000) throw new Error('--members must be at least 1000');

async function seed(db: Db): Promise<void> {
  const [row] = (
    await db.execute(sql`SELECT count(*)::int AS n FROM users WHERE username LIKE ${PREFIX + '%'}`)
  ).rows as { n: number }[];
  let have = row?.n ?? 0;
  if (have >= members) {
    console.log(`Reusing ${have.toLocaleString('en')} seeded members.`);
    return;
  }
  const started = performance.now();
  while (have < members) {
    const count = Math.min(BATCH, members - have);
    await seedMembers(db, { count, prefix: `${PREFIX}${have}x` });
    have += count;
    process.stdout.write(
      `\rSeeded ${have.toLocaleString('en')} members (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  process.stdout.write('\n');
  console.log('VACUUM ANALYZE...');
  await db.execute(sql`VACUUM ANALYZE users`);
  console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
}

/**
 * Viewers spread over the cities, with preferences: the opposite sex, a 10-to-15-year age range,
 * 25 to 100 km; each has blocked a few neighbours and been blocked by a few.
 */
async function pickViewers(db: Db): Promise<Viewer[]> {
  const viewers: Viewer[] = [];
  for (let i = 0; i < VIEWERS; i++) {
    const city = AFRICAN_CITIES[i % AFRICAN_CITIES.length]!;
    const [row] = (
      await db.execute(sql`
        SELECT id FROM users
        WHERE ${LISTED} AND username LIKE ${PREFIX + '%'}
          AND earth_box(ll_to_earth(${city.latitude}, ${city.longitude}), 5000) @> ll_to_earth(latitude, longitude)
        ORDER BY id LIMIT 1 OFFSET ${i}`)
    ).rows as { id: string }[];
    if (!row) continue;
    const ageMin = 20 + (i % 4) * 5;
    await db.execute(sql`
      UPDATE users SET match_age_min = ${ageMin}, match_age_max = ${ageMin + 10 + (i % 2) * 5},
        match_distance = ${[25, 50, 100][i % 3]!}
      WHERE id = ${row.id}`);
    await db.execute(sql`
      INSERT INTO blocks (blocker_id, blocked_id)
      SELECT ${row.id}::uuid, id FROM users
      WHERE id <> ${row.id} AND ${LISTED}
        AND earth_box(ll_to_earth(${city.latitude}, ${city.longitude}), 3000) @> ll_to_earth(latitude, longitude)
      ORDER BY id DESC LIMIT 8
      ON CONFLICT DO NOTHING`);
    await db.execute(sql`
      INSERT INTO blocks (blocker_id, blocked_id)
      SELECT id, ${row.id}::uuid FROM users
      WHERE id <> ${row.id} AND ${LISTED}
        AND earth_box(ll_to_earth(${city.latitude}, ${city.longitude}), 3000) @> ll_to_earth(latitude, longitude)
      ORDER BY id LIMIT 8
      ON CONFLICT DO NOTHING`);
    viewers.push(await loadViewer(db, row.id));
  }
  await db.execute(sql`ANALYZE blocks`);
  return viewers;
}

/**
 * The members any list may show (the predicate of `users_near_idx`, discreet members and those asked
 * to verify left out since migration 0046: without them the nearest-neighbour query could not use the
 * index, and sorted every listed member).
 */
const LISTED = sql.raw(
  `status = 'active' AND latitude IS NOT NULL AND first_name IS NOT NULL AND first_name <> '' AND sex IS NOT NULL AND NOT discreet AND NOT verification_required`,
);

const NEAR: ListRequest = { filter: 'near', sort: '-lastActivity', unrated: false };

type Variant = 'indexed' | 'seqscan' | 'nearest';
type Sample = { variant: Variant; page: keyof typeof PAGES; ms: number };

/** One measured call: the repository's own function, as GET /api/users?filter=near runs it. */
async function run(db: Db, variant: Variant, viewer: Viewer, skip: number): Promise<number> {
  const started = performance.now();
  if (variant === 'indexed') {
    await listMembers(db, viewer, NEAR, { skip, limit: PAGE_SIZE });
  } else if (variant === 'seqscan') {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_indexscan = off`);
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      await tx.execute(sql`SET LOCAL enable_indexonlyscan = off`);
      await listMembers(tx, viewer, NEAR, { skip, limit: PAGE_SIZE });
    });
  } else {
    // The same index, nearest first, with none of the list's filters, blocks or card columns.
    await db.execute(sql`
      SELECT id FROM users
      WHERE ${LISTED}
      ORDER BY ll_to_earth(latitude, longitude) <-> ll_to_earth(${viewer.latitude}::float8, ${viewer.longitude}::float8)
      LIMIT ${PAGE_SIZE} OFFSET ${skip}`);
  }
  return performance.now() - started;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

async function main(): Promise<boolean> {
  const database = await openDatabase(keepDir, 'near');

  const { db, close } = connectDatabase(database.url, { max: 4 });
  try {
    await migrateDatabase(db);
    await seed(db);
    const viewers = await pickViewers(db);
    console.log(`${viewers.length} viewers; ${rounds} rounds; the sequential scan every 8th round.`);
    const [{ n: active } = { n: 0 }] = (
      await db.execute(
        sql`SELECT count(*)::int AS n FROM users WHERE status = 'active' AND latitude IS NOT NULL`,
      )
    ).rows as { n: number }[];

    // Warm-up: caches, plans, connections.
    for (const viewer of viewers)
      for (const skip of Object.values(PAGES)) await run(db, 'indexed', viewer, skip);

    const samples: Sample[] = [];
    const results: Record<string, number> = {};
    for (let round = 0; round < rounds; round++) {
      const variants: Variant[] =
        round % 8 === 0 ? ['indexed', 'nearest', 'seqscan'] : ['indexed', 'nearest'];
      const ordered = round % 2 === 0 ? variants : [...variants].reverse();
      for (const variant of ordered) {
        const pages = (
          round % 2 === 0 ? Object.keys(PAGES) : Object.keys(PAGES).reverse()
        ) as (keyof typeof PAGES)[];
        for (const page of pages) {
          const chosen = variant === 'seqscan' ? [viewers[round % viewers.length]!] : viewers;
          for (const viewer of chosen) {
            samples.push({ variant, page, ms: await run(db, variant, viewer, PAGES[page]) });
          }
        }
      }
      process.stdout.write(`\rround ${round + 1}/${rounds}`);
    }
    process.stdout.write('\n');

    const table: { query: string; page: string; samples: number; p50: number; p95: number }[] = [];
    for (const variant of ['indexed', 'nearest', 'seqscan'] as Variant[]) {
      for (const page of Object.keys(PAGES) as (keyof typeof PAGES)[]) {
        const times = samples
          .filter((s) => s.variant === variant && s.page === page)
          .map((s) => s.ms)
          .sort((a, b) => a - b);
        const row = {
          query: variant,
          page,
          samples: times.length,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
        };
        table.push(row);
        results[`${variant} ${page} p50`] = row.p50;
        results[`${variant} ${page} p95`] = row.p95;
      }
    }
    const indexedP95 = Math.max(results['indexed page 1 p95']!, results['indexed page 20 p95']!);
    const speedup = results['seqscan page 1 p50']! / results['indexed page 1 p50']!;
    const deepPage = results['indexed page 20 p50']! / results['indexed page 1 p50']!;
    const ms = (value: number) => `${formatNumber(value, 2)} ms`;
    const bars: BarRow[] = [
      {
        bar: 'B2',
        what: 'near-me list (12, preference filters), p95 of pages 1 and 20',
        measured: ms(indexedP95),
        reference: `nearest-neighbour only: ${ms(Math.max(results['nearest page 1 p95']!, results['nearest page 20 p95']!))}`,
        target: '<= 15 ms',
        pass: indexedP95 <= 15,
        value: indexedP95,
      },
      {
        bar: 'B2',
        what: 'near-me list vs sequential scan, p50 page 1',
        measured: ms(results['indexed page 1 p50']!),
        reference: `sequential scan: ${ms(results['seqscan page 1 p50']!)}`,
        target: '>= 100x faster than the scan',
        pass: speedup >= 100,
        value: speedup,
      },
      {
        bar: 'B2',
        what: 'near-me list, page 20 vs page 1 (p50)',
        measured: `page 20: ${ms(results['indexed page 20 p50']!)} (${formatNumber(deepPage, 2)}x)`,
        reference: `page 1: ${ms(results['indexed page 1 p50']!)}`,
        target: 'page 20 <= 1.5x page 1',
        pass: deepPage <= 1.5,
        value: deepPage,
      },
    ];

    console.log(
      `\nB2 near-me list, ${members.toLocaleString('en')} members (${active.toLocaleString('en')} active with a position)\n`,
    );
    console.log('query      page     samples      p50 ms      p95 ms');
    for (const row of table) {
      console.log(
        `${row.query.padEnd(10)} ${row.page.padEnd(8)} ${String(row.samples).padStart(7)} ${row.p50.toFixed(2).padStart(11)} ${row.p95.toFixed(2).padStart(11)}`,
      );
    }
    console.log('');
    printBars(bars);
    const file = await writeResults('near', bars, {
      members,
      activeWithPosition: active,
      viewers: viewers.length,
      rounds,
      pageSize: PAGE_SIZE,
      table,
    });
    console.log(`\nWrote ${path.relative(process.cwd(), file)}`);
    return bars.every((bar) => bar.pass);
  } finally {
    await close();
    await database.stop();
  }
}

const met = await main();
process.exit(met ? 0 : 1);
