/**
 * B8: the feed, `GET /api/posts`, first page and page 20 (following the cursors), for a logged-in
 * member over 100,000 seeded members and 1,000,000 posts, through the whole stack of the real server
 * (apps/server/src/main.ts as a child process: session cookie, validation, the service's three round
 * trips, the presenter, the zod serializer), against a bare Fastify + pg server
 * (posts-feed-reference.ts) replaying the same SQL in the same run. Both must first answer the same
 * posts in the same order with the same next cursor, or the run stops.
 *
 *   node_modules/.bin/node --import tsx bench/posts-feed.bench.ts [--members 100000] [--posts 1000000]
 *     [--seconds 5] [--rounds 2] [--connections 16] [--rate R] [--keep DIR] [--no-pin]
 *
 * Rounds alternate which server goes first: saturated throughput on the first page (autocannon,
 * `--connections` in flight, `--seconds`); then, at a fixed rate (a quarter of the app's median
 * saturated rate, or `--rate`), open loop (users-list-load.ts), the first page and page 20: p50/p95;
 * also each saturated run's CPU a request and the app's GC pauses in each paced round.
 * `--keep DIR` keeps the seeded database (1,000,000 posts take a few minutes to seed) for the next run.
 * Writes bench/results/posts-feed.json; exits 1 when a bar is missed.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { formatNumber, printBars, writeResults, type BarRow } from './lib/results.ts';
import { inBenchStage } from './lib/bench-stage.ts';
import { countCpu, describeCpu, type CpuARequest } from './lib/cpu-a-request.ts';
import { childGcPauses, describeGcPauses } from './lib/gc-pauses.ts';
import { flagOption, numberOption, textOption } from './lib/options.ts';
import { freePort, pinCores, startAppServer, startNode } from './lib/processes.ts';
import {
  captureFeedPage,
  explain,
  feedPageFields,
  prepareFeedViewer,
  seedFeedBench,
  type FeedReferenceSpec,
} from './posts-feed-setup.ts';
import { median, paced, percentile, saturate } from './users-list-load.ts';

const members = numberOption('members', 100_000);
const postCount = numberOption('posts', 1_000_000);
const seconds = numberOption('seconds', 5);
const rounds = numberOption('rounds', 2);
const connections = numberOption('connections', 16);
const fixedRate = textOption('rate') ? Number(textOption('rate')) : undefined;
if (!Number.isInteger(members) || members < 1000) throw new Error('--members must be at least 1000');

/** The app's pool size (main.ts); the reference gets the same. */
const POOL_MAX = 20;
const P95_BAR_MS = 20;
const DEPTH_BAR = 1.5;
const THROUGHPUT_BAR = 0.8;
const PAGES = 20;

type Name = 'reference' | 'app';
/** `cpu`: each saturated run's CPU a request (lib/cpu-a-request.ts); then each page's paced latencies. */
type Target = { name: Name; url: string; pid: number; saturated: number[]; cpu: CpuARequest[] } & Paced;
type Paced = { first: number[]; deep: number[] };

type FeedBody = { posts: { _id: string }[]; next: string | null };

async function getFeed(url: string, cookie: string, cursor: string | null) {
  const response = await fetch(`${url}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, {
    headers: { cookie },
  });
  const raw = await response.text();
  return { status: response.status, body: JSON.parse(raw) as FeedBody, bytes: Buffer.byteLength(raw) };
}

async function main() {
  return inBenchStage('posts-feed', async ({ database, connection, temp, dataDir, children }) => {
    const seeding = await seedFeedBench(connection.db, members, postCount, dataDir);
    console.log(
      `${formatNumber(seeding.members)} members, ${formatNumber(seeding.posts)} posts (${seeding.seeded ? 'seeded' : 'kept'}, ${seeding.seconds.toFixed(0)} s)`,
    );
    const viewer = await prepareFeedViewer(connection.db);

    const pin = flagOption('no-pin') ? { note: 'not pinned (--no-pin)' } : pinCores();
    console.log(`Viewer ${viewer.username}; pinning: ${pin.note}`);
    const appPort = await freePort();
    const app = await startAppServer({
      databaseUrl: database.url,
      port: appPort,
      dataDir,
      core: pin.server,
      // Its GC pauses, printed with each paced round.
      nodeFlags: ['--trace-gc'],
    });
    children.push(app);
    const appUrl = `http://127.0.0.1:${appPort}/api/posts`;

    // Page 20's cursor, from the app itself following `next`.
    let cursor: string | null = null;
    for (let page = 1; page < PAGES; page++) {
      const { status, body } = await getFeed(appUrl, viewer.cookie, cursor);
      if (status !== 200 || !body.next) throw new Error(`page ${page}: HTTP ${status}, next ${body.next}`);
      cursor = body.next;
    }
    const spec: FeedReferenceSpec = {
      databaseUrl: database.url,
      poolMax: POOL_MAX,
      viewerId: viewer.id,
      pageFields: feedPageFields(),
      first: await captureFeedPage(connection.pool, viewer.id, null),
      deep: await captureFeedPage(connection.pool, viewer.id, cursor),
    };
    const specFile = path.join(temp, 'reference.json');
    await writeFile(specFile, JSON.stringify(spec));
    const plans = {
      first: await explain(connection.pool, spec.first.statements[1]!),
      deep: await explain(connection.pool, spec.deep.statements[1]!),
    };
    for (const [name, plan] of Object.entries(plans)) {
      console.log(
        `  ${name} page: ${plan.filter((line) => /Execution Time|Planning Time/.test(line)).join(', ')}`,
      );
    }
    const referencePort = await freePort();
    const reference = await startNode(
      'bench/posts-feed-reference.ts',
      [specFile, String(referencePort)],
      {},
      /^listening/,
      pin.server,
    );
    children.push(reference);
    const referenceUrl = `http://127.0.0.1:${referencePort}/api/posts`;

    // The same posts, in the same order, with the same next cursor, from both, or nothing is worth measuring.
    const sizes: Record<string, number> = {};
    for (const [page, pageCursor] of [
      ['first', null],
      ['deep', cursor],
    ] as const) {
      const [fromApp, fromReference] = await Promise.all([
        getFeed(appUrl, viewer.cookie, pageCursor),
        getFeed(referenceUrl, viewer.cookie, pageCursor),
      ]);
      const ids = (body: FeedBody) => body.posts.map((post) => post._id).join(',');
      if (
        fromApp.status !== 200 ||
        fromReference.status !== 200 ||
        ids(fromApp.body) !== ids(fromReference.body) ||
        fromApp.body.next !== fromReference.body.next
      ) {
        throw new Error(
          `${page} page: the app and the reference answer differently (HTTP ${fromApp.status} / ${fromReference.status})\n` +
            children.flatMap((child) => child.output.slice(-8)).join('\n'),
        );
      }
      sizes[`${page} page, app`] = fromApp.bytes;
      sizes[`${page} page, reference`] = fromReference.bytes;
    }
    console.log(`Same posts from both, pages 1 and ${PAGES}: ${JSON.stringify(sizes)}`);

    const targets: Target[] = [
      {
        name: 'reference',
        url: referenceUrl,
        pid: reference.pid,
        saturated: [],
        cpu: [],
        first: [],
        deep: [],
      },
      { name: 'app', url: appUrl, pid: app.pid, saturated: [], cpu: [], first: [], deep: [] },
    ];
    const headers = { cookie: viewer.cookie, 'accept-encoding': 'br, gzip' };
    const deepUrl = (url: string) => `${url}?cursor=${encodeURIComponent(cursor!)}`;
    for (const target of targets) await saturate(target.url, headers, connections, Math.min(3, seconds));

    for (let round = 0; round < rounds; round++) {
      for (const target of round % 2 === 0 ? targets : [...targets].reverse()) {
        const counting = countCpu(target.pid, database.dir);
        const run = await saturate(target.url, headers, connections, seconds);
        const cpu = counting.stop(run.requests);
        target.cpu.push(cpu);
        if (run.non2xx > 0 || run.errors > 0) {
          throw new Error(
            `${target.name}: ${run.non2xx} non-2xx answers and ${run.errors} errors when saturated`,
          );
        }
        target.saturated.push(run.rate);
        console.log(
          `round ${round + 1}/${rounds}: ${target.name} saturated ${formatNumber(run.rate)} req/s, CPU a request: ${describeCpu(cpu)}`,
        );
      }
    }
    const app_ = targets[1]!;
    const rate = fixedRate ?? Math.max(1, Math.round(median(app_.saturated) / 4));
    for (let round = 0; round < rounds; round++) {
      for (const target of round % 2 === 0 ? targets : [...targets].reverse()) {
        for (const page of ['first', 'deep'] as const) {
          const url = page === 'first' ? target.url : deepUrl(target.url);
          const gc = target.name === 'app' ? childGcPauses(app) : undefined;
          const run = await paced(url, headers, rate, seconds, connections);
          const pauses = gc && `; ${describeGcPauses(gc.stop())}`;
          if (run.failed > 0) throw new Error(`${target.name} ${page}: ${run.failed} requests failed`);
          target[page].push(...run.latencies);
          console.log(
            `round ${round + 1}/${rounds}: ${target.name} ${page} page at ${rate} req/s p50 ${percentile(run.latencies, 50).toFixed(1)} ms, p95 ${percentile(run.latencies, 95).toFixed(1)} ms${pauses ?? ''}`,
          );
        }
      }
    }
    return await report(targets, rate, pin.note, {
      seeding,
      viewer: viewer.username,
      sizes,
      statements: spec.first.statements.map((statement) => statement.sql),
      plans,
    });
  });
}

async function report(targets: Target[], rate: number, pinning: string, extra: Record<string, unknown>) {
  const rows = targets.map((target) => ({
    name: target.name,
    saturated: target.saturated,
    saturatedMedian: median(target.saturated),
    cpuServerMs: median(target.cpu.map((cpu) => cpu.server)),
    cpuPostgresMs: median(target.cpu.map((cpu) => cpu.postgres)),
    first: {
      p50: percentile(target.first, 50),
      p95: percentile(target.first, 95),
      p99: percentile(target.first, 99),
    },
    deep: {
      p50: percentile(target.deep, 50),
      p95: percentile(target.deep, 95),
      p99: percentile(target.deep, 99),
    },
  }));
  const [reference, app] = rows as [(typeof rows)[number], (typeof rows)[number]];
  const throughput = app.saturatedMedian / reference.saturatedMedian;
  const depth = app.deep.p95 / app.first.p95;
  const at = `at ${rate} req/s`;
  const bars: BarRow[] = [
    {
      bar: 'B8',
      what: `GET /api/posts first page p95 ${at} (${formatNumber(members)} members, ${formatNumber(postCount)} posts)`,
      measured: `${app.first.p95.toFixed(1)} ms (p50 ${app.first.p50.toFixed(1)})`,
      reference: `${reference.first.p95.toFixed(1)} ms (p50 ${reference.first.p50.toFixed(1)}; bare Fastify + pg)`,
      target: `<= ${P95_BAR_MS} ms`,
      pass: app.first.p95 <= P95_BAR_MS,
      value: app.first.p95,
    },
    {
      bar: 'B8',
      what: `GET /api/posts page ${PAGES} p95 ${at}`,
      measured: `${app.deep.p95.toFixed(1)} ms (p50 ${app.deep.p50.toFixed(1)})`,
      reference: `${reference.deep.p95.toFixed(1)} ms (p50 ${reference.deep.p50.toFixed(1)})`,
      target: `<= ${P95_BAR_MS} ms`,
      pass: app.deep.p95 <= P95_BAR_MS,
      value: app.deep.p95,
    },
    {
      bar: 'B8',
      what: `GET /api/posts page ${PAGES} vs first page (p95)`,
      measured: `${depth.toFixed(2)}x`,
      reference: `${(reference.deep.p95 / reference.first.p95).toFixed(2)}x`,
      target: `<= ${DEPTH_BAR}x`,
      pass: depth <= DEPTH_BAR,
      value: depth,
    },
    {
      bar: 'B8',
      what: `GET /api/posts throughput, first page (req/s, median of ${rounds}, ${connections} connections)`,
      measured: `${formatNumber(app.saturatedMedian)} req/s (${throughput.toFixed(2)}x)`,
      reference: `${formatNumber(reference.saturatedMedian)} req/s (bare Fastify + pg)`,
      target: `>= ${THROUGHPUT_BAR}x the reference`,
      pass: throughput >= THROUGHPUT_BAR,
      value: throughput,
    },
  ];
  console.log(
    `\nB8 posts feed: ${formatNumber(members)} members, ${formatNumber(postCount)} posts, ${rounds} rounds of ${seconds} s; ${pinning}`,
  );
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(10)} saturated ${row.saturated.map((value) => value.toFixed(0)).join('/')} req/s (CPU a request: server ${row.cpuServerMs.toFixed(2)} ms, PostgreSQL ${row.cpuPostgresMs.toFixed(2)} ms); ${at}: first p50/p95/p99 ${[row.first.p50, row.first.p95, row.first.p99].map((v) => v.toFixed(1)).join(' / ')} ms, page ${PAGES} ${[row.deep.p50, row.deep.p95, row.deep.p99].map((v) => v.toFixed(1)).join(' / ')} ms`,
    );
  }
  console.log('');
  printBars(bars);
  await writeResults('posts-feed', bars, {
    options: { members, posts: postCount, seconds, rounds, connections, rate },
    pinning,
    ...extra,
    servers: rows,
  });
  return bars.every((bar) => bar.pass);
}

main().then(
  (pass) => process.exit(pass ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
