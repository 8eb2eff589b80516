/**
 * B1: the default `GET /api/users` list (96 members) for a logged-in member over 100k seeded members,
 * through the whole stack of the real server (apps/server/src/main.ts as a child process: session
 * cookie, validation, service, presenter, zod serializer), against a bare Fastify + pg server
 * (users-list-reference.ts) running the same SQL and returning the same JSON, in the same run.
 * Both must first answer the same JSON for the viewer, or the run stops.
 *
 *   node_modules/.bin/node --import tsx bench/users-list.bench.ts [--members 100000] [--seconds 10]
 *     [--rounds 3] [--connections 32] [--rate R] [--keep DIR] [--no-pin]
 *
 * Rounds alternate which server goes first: saturated throughput (autocannon, `--connections` always in
 * flight, `--seconds`), median req/s; then a fixed rate (half the app's median, or `--rate`) for
 * `--seconds`, open loop (users-list-load.ts): p50/p99 latency. CPU of each server and of PostgreSQL per
 * request, read from /proc. A quick look: `--members 5000 --seconds 3 --rounds 1`.
 * Writes bench/results/users-list.json; exits 1 when a bar is missed.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { formatNumber, printBars, writeResults, type BarRow } from './lib/results.ts';
import {
  freePort,
  pinCores,
  postgresCpu,
  processCpu,
  startNode,
  type Child,
  startAppServer,
} from './lib/processes.ts';
import { median, paced, percentile, saturate, type Paced, type Saturation } from './users-list-load.ts';
import {
  captureStatements,
  differences,
  explain,
  getJson,
  prepareViewer,
  seedBench,
} from './users-list-setup.ts';
import { inBenchStage } from './lib/bench-stage.ts';
import { flagOption, numberOption, textOption } from './lib/options.ts';

const members = numberOption('members', 100_000);
const seconds = numberOption('seconds', 10);
const rounds = numberOption('rounds', 3);
const connections = numberOption('connections', 32);
const fixedRate = textOption('rate') ? Number(textOption('rate')) : undefined;
if (!Number.isInteger(members) || members < 1000) throw new Error('--members must be at least 1000');

/** The app's pool size (main.ts); the reference gets the same. */
const POOL_MAX = 20;
const RATIO_BAR = 0.8;
/** QUALITY.md B1: p99 at half load <= 1.25x the reference's at the same rate, and <= 25 ms where the
 * load generator has cores of its own (four or more: it, the server and PostgreSQL each on their own). */
const P99_RATIO_BAR = 1.25;
const P99_BAR_MS = 25;
const OWN_CORES = os.availableParallelism() >= 4;

type Name = 'reference' | 'app';
type Cpu = { server: number; postgres: number };
type Target = {
  name: Name;
  child: Child;
  url: string;
  saturated: (Saturation & { cpu: Cpu })[];
  fixed: (Paced & { rate: number; cpu: Cpu })[];
};

async function measured<T>(target: Target, pgDir: string | undefined, run: () => Promise<T>) {
  const before = { server: processCpu(target.child.pid), postgres: postgresCpu(pgDir) };
  const result = await run();
  const cpu = {
    server: processCpu(target.child.pid) - before.server,
    postgres: postgresCpu(pgDir) - before.postgres,
  };
  return { ...result, cpu };
}

async function main() {
  return inBenchStage('users-list', async ({ database, connection, temp, dataDir, children }) => {
    const seeding = await seedBench(connection.db, members, dataDir);
    const viewer = await prepareViewer(connection.db);
    const { spec, statements } = await captureStatements(connection.pool, database.url, viewer.id, POOL_MAX);
    const specFile = path.join(temp, 'reference.json');
    await writeFile(specFile, JSON.stringify(spec));
    const plans = {
      list: await explain(connection.pool, spec.list),
      count: await explain(connection.pool, spec.count),
    };
    console.log(`Viewer ${viewer.username}; ${statements.length} statements a request besides the session:`);
    for (const [name, plan] of Object.entries(plans)) {
      console.log(
        `  ${name}: ${plan.filter((line) => /Execution Time|Planning Time/.test(line)).join(', ')}`,
      );
    }

    const pin = flagOption('no-pin') ? { note: 'not pinned (--no-pin)' } : pinCores();
    console.log(`Pinning: ${pin.note}`);
    const targets: Target[] = [];
    for (const name of ['reference', 'app'] as const) {
      const port = await freePort();
      const child =
        name === 'reference'
          ? await startNode(
              'bench/users-list-reference.ts',
              [specFile, String(port)],
              {},
              /^listening/,
              pin.server,
            )
          : await startAppServer({
              databaseUrl: database.url,
              port: port,
              dataDir: dataDir,
              core: pin.server,
            });
      children.push(child);
      targets.push({ name, child, url: `http://127.0.0.1:${port}/api/users`, saturated: [], fixed: [] });
    }
    const [reference, app] = targets as [Target, Target];
    // As a browser asks: compressed answers (both servers compress the same way).
    const headers = { cookie: viewer.cookie, 'accept-encoding': 'br, gzip' };

    // The same JSON for the same viewer, or nothing is worth measuring.
    const answers = await Promise.all([
      getJson(app.url, viewer.cookie),
      getJson(reference.url, viewer.cookie),
    ]);
    const [fromApp, fromReference] = answers;
    const diff = differences(fromApp.body, fromReference.body);
    const users = (fromApp.body as { users?: unknown[] }).users ?? [];
    const withAvatar = users.filter((user) => (user as { avatar: unknown }).avatar !== null).length;
    if (
      fromApp.status !== 200 ||
      fromReference.status !== 200 ||
      !isDeepStrictEqual(fromApp.body, fromReference.body)
    ) {
      throw new Error(
        `the app and the reference answer differently (HTTP ${fromApp.status} / ${fromReference.status}):\n${diff.join('\n')}`,
      );
    }
    console.log(
      `Same JSON from both: ${users.length} members (${withAvatar} with an avatar), count ${(fromApp.body as { count: number }).count}, ${formatNumber(fromApp.bytes)} bytes`,
    );

    // Warm-up: JIT, plans, pool connections.
    for (const target of targets) await saturate(target.url, headers, connections, Math.min(3, seconds));

    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? targets : [...targets].reverse();
      for (const target of order) {
        const run = await measured(target, database.dir, () =>
          saturate(target.url, headers, connections, seconds),
        );
        if (run.non2xx > 0 || run.errors > 0) {
          throw new Error(
            `${target.name}: ${run.non2xx} non-2xx answers and ${run.errors} errors when saturated`,
          );
        }
        target.saturated.push(run);
        console.log(`round ${round + 1}/${rounds}: ${target.name} saturated ${formatNumber(run.rate)} req/s`);
      }
    }
    const appRate = median(app.saturated.map((run) => run.rate));
    const rate = fixedRate ?? Math.max(1, Math.round(appRate / 2));
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? targets : [...targets].reverse();
      for (const target of order) {
        const run = await measured(target, database.dir, () =>
          paced(target.url, headers, rate, seconds, connections),
        );
        target.fixed.push({ ...run, rate });
        console.log(
          `round ${round + 1}/${rounds}: ${target.name} at ${rate} req/s p50 ${percentile(run.latencies, 50).toFixed(1)} ms, p99 ${percentile(run.latencies, 99).toFixed(1)} ms${run.failed ? `, ${run.failed} failed` : ''}`,
        );
      }
    }
    return await report(targets, rate, pin.note, {
      seeding,
      viewer: viewer.username,
      response: { members: users.length, withAvatar, bytes: fromApp.bytes },
      statements: statements.map((statement) => statement.sql),
      plans,
    });
  });
}

async function report(targets: Target[], rate: number, pinning: string, extra: Record<string, unknown>) {
  const rows = targets.map((target) => {
    const latencies = target.fixed.flatMap((run) => run.latencies);
    const satRequests = target.saturated.reduce((sum, run) => sum + run.requests, 0);
    const fixedRequests = target.fixed.reduce((sum, run) => sum + run.ok, 0);
    const per = (runs: { cpu: Cpu }[], key: keyof Cpu, n: number) =>
      (runs.reduce((sum, run) => sum + run.cpu[key], 0) / n) * 1e6;
    return {
      name: target.name,
      saturatedRates: target.saturated.map((run) => run.rate),
      saturatedMedian: median(target.saturated.map((run) => run.rate)),
      saturatedP50: median(target.saturated.map((run) => run.p50)),
      saturatedP99: median(target.saturated.map((run) => run.p99)),
      cpuMicrosPerRequestSaturated: {
        server: per(target.saturated, 'server', satRequests),
        postgres: per(target.saturated, 'postgres', satRequests),
      },
      fixed: {
        rate,
        sent: target.fixed.reduce((sum, run) => sum + run.sent, 0),
        failed: target.fixed.reduce((sum, run) => sum + run.failed, 0),
        p50: percentile(latencies, 50),
        p90: percentile(latencies, 90),
        p99: percentile(latencies, 99),
        max: percentile(latencies, 100),
        roundP99: target.fixed.map((run) => percentile(run.latencies, 99)),
        cpuMicrosPerRequest: {
          server: per(target.fixed, 'server', fixedRequests),
          postgres: per(target.fixed, 'postgres', fixedRequests),
        },
      },
    };
  });
  const [reference, app] = rows as [(typeof rows)[number], (typeof rows)[number]];
  const ratio = app.saturatedMedian / reference.saturatedMedian;
  const bars: BarRow[] = [
    {
      bar: 'B1',
      what: `GET /api/users throughput (req/s, median of ${rounds}, ${connections} connections)`,
      measured: `${formatNumber(app.saturatedMedian)} req/s (${ratio.toFixed(2)}x)`,
      reference: `${formatNumber(reference.saturatedMedian)} req/s (bare Fastify + pg)`,
      target: `>= ${RATIO_BAR}x the reference`,
      pass: ratio >= RATIO_BAR,
      value: ratio,
    },
    {
      bar: 'B1',
      what: `GET /api/users p99 at ${fixedRate ? 'a fixed load' : 'half the saturating load'} (${rate} req/s)`,
      measured: `${app.fixed.p99.toFixed(1)} ms (${(app.fixed.p99 / reference.fixed.p99).toFixed(2)}x; p50 ${app.fixed.p50.toFixed(1)})`,
      reference: `${reference.fixed.p99.toFixed(1)} ms (p50 ${reference.fixed.p50.toFixed(1)})`,
      target: `<= ${P99_RATIO_BAR}x the reference${OWN_CORES ? ` and <= ${P99_BAR_MS} ms` : ''}`,
      pass:
        app.fixed.p99 <= P99_RATIO_BAR * reference.fixed.p99 &&
        (!OWN_CORES || app.fixed.p99 <= P99_BAR_MS) &&
        app.fixed.failed === 0,
      value: app.fixed.p99,
    },
  ];
  const col = (values: string[]) => values.map((value) => value.padStart(22)).join('');
  console.log(
    `\nB1 users list: ${formatNumber(members)} members, ${rounds} rounds of ${seconds} s; ${pinning}`,
  );
  const line = (label: string, pick: (row: (typeof rows)[number]) => string) =>
    console.log(`${label.padEnd(44)}${col(rows.map(pick))}`);
  line('', (row) => row.name);
  line('saturated req/s (median)', (row) => formatNumber(row.saturatedMedian));
  line('  rounds', (row) => row.saturatedRates.map((value) => value.toFixed(0)).join('/'));
  line('  latency p50 / p99 ms (autocannon)', (row) => `${row.saturatedP50} / ${row.saturatedP99}`);
  line('  CPU us per request: server', (row) => row.cpuMicrosPerRequestSaturated.server.toFixed(0));
  line('  CPU us per request: PostgreSQL', (row) => row.cpuMicrosPerRequestSaturated.postgres.toFixed(0));
  line(`at ${rate} req/s: sent / failed`, (row) => `${row.fixed.sent} / ${row.fixed.failed}`);
  line('  latency p50 / p90 / p99 ms', (row) =>
    [row.fixed.p50, row.fixed.p90, row.fixed.p99].map((value) => value.toFixed(1)).join(' / '),
  );
  line('  max ms', (row) => row.fixed.max.toFixed(1));
  line('  p99 per round', (row) => row.fixed.roundP99.map((value) => value.toFixed(1)).join('/'));
  line('  CPU us per request: server', (row) => row.fixed.cpuMicrosPerRequest.server.toFixed(0));
  line('  CPU us per request: PostgreSQL', (row) => row.fixed.cpuMicrosPerRequest.postgres.toFixed(0));
  console.log('');
  printBars(bars);
  await writeResults('users-list', bars, {
    options: { members, seconds, rounds, connections, rate },
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
