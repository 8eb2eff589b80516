/**
 * B10: zones, `GET /api/zones/search?q=<q>` and `GET /api/zones/suggestions` (default page: 24 zones,
 * most members first, counted up to 1,000), for logged-in members over 100,000 seeded zones and
 * about 1,000,000 memberships over 100,000 members (at most 50 zones a member: fewer cannot hold
 * them), through the whole stack of the real server (apps/server/src/main.ts as a child process:
 * session cookie, validation, the service, the presenter, the zod serializer), against a bare Fastify + pg server (zones-reference.ts) replaying
 * the same SQL in the same run. Both must first answer the same zones in the same order with the
 * same count, or the run stops.
 *
 *   node_modules/.bin/node --import tsx bench/zones.bench.ts [--members 100000] [--zones 100000]
 *     [--q foot] [--viewers 400] [--seconds 5] [--rounds 2] [--connections 16] [--rate R] [--keep DIR] [--no-pin]
 *
 * Search is limited to 60 a minute per member: requests take `--viewers` sessions in turn. Rounds
 * alternate which server goes first: saturated throughput (autocannon, `--connections` in flight,
 * `--seconds`); then, at a fixed rate (a quarter of the app's median saturated rate for that list,
 * or `--rate`), open loop (users-list-load.ts): p50/p95; also each saturated run's CPU a request and
 * the app's GC pauses in each paced round. Writes bench/results/zones.json; exits 1 when a bar is missed.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inBenchStage } from './lib/bench-stage.ts';
import { countCpu, describeCpu, type CpuARequest } from './lib/cpu-a-request.ts';
import { childGcPauses, describeGcPauses } from './lib/gc-pauses.ts';
import { flagOption, numberOption, textOption } from './lib/options.ts';
import { freePort, pinCores, startAppServer, startNode } from './lib/processes.ts';
import { formatNumber, printBars, writeResults, type BarRow } from './lib/results.ts';
import { explain } from './posts-feed-setup.ts';
import { median, paced, percentile, saturate } from './users-list-load.ts';
import {
  captureZoneLists,
  prepareZoneViewers,
  seedZonesBench,
  zonePageFields,
  type ZonesReferenceSpec,
} from './zones-setup.ts';

const members = numberOption('members', 100_000);
const zoneCount = numberOption('zones', 100_000);
const q = textOption('q') ?? 'foot';
const viewerCount = numberOption('viewers', 400);
const seconds = numberOption('seconds', 5);
const rounds = numberOption('rounds', 2);
const connections = numberOption('connections', 16);
const fixedRate = textOption('rate') ? Number(textOption('rate')) : undefined;

/** The app's pool size (main.ts); the reference gets the same. */
const POOL_MAX = 20;
const P95_BAR_MS = 20;
const THROUGHPUT_BAR = 0.8;
const LISTS = ['search', 'suggestions'] as const;
type List = (typeof LISTS)[number];

type Name = 'reference' | 'app';
/** `cpu`: each saturated run's CPU a request, in ms, of the server and of PostgreSQL (from /proc). */
type Runs = {
  saturated: number[];
  latencies: number[];
  rate: number;
  cpu: CpuARequest[];
};
type Target = { name: Name; base: string; pid: number; runs: Record<List, Runs> };
type ZoneListBody = { zones: { _id: string }[]; count: number };

const pathOf = (list: List) =>
  list === 'search' ? `/api/zones/search?q=${encodeURIComponent(q)}` : '/api/zones/suggestions';

async function main() {
  return inBenchStage('zones', async ({ database, connection, temp, dataDir, children }) => {
    const seeding = await seedZonesBench(connection.db, members, zoneCount, dataDir);
    console.log(
      `${formatNumber(seeding.members)} members, ${formatNumber(seeding.zones)} zones, ${formatNumber(seeding.memberships)} memberships (${seeding.seeded ? 'seeded' : 'kept'}, ${seeding.seconds.toFixed(0)} s)`,
    );
    const viewers = await prepareZoneViewers(connection.db, viewerCount);
    const captured = await captureZoneLists(connection.pool, viewers[0]!.id, q);
    const spec: ZonesReferenceSpec = {
      databaseUrl: database.url,
      poolMax: POOL_MAX,
      viewerId: viewers[0]!.id,
      sessions: Object.fromEntries(viewers.map((viewer) => [viewer.token, viewer.id])),
      pageFields: zonePageFields(),
      ...captured,
    };
    const specFile = path.join(temp, 'reference.json');
    await writeFile(specFile, JSON.stringify(spec));
    const plans: Record<string, string[]> = {};
    for (const list of LISTS) {
      plans[list] = await explain(connection.pool, spec[list].statements.at(-2)!);
      const times = plans[list].filter((line) => /Execution Time|Planning Time/.test(line));
      console.log(`  ${list} page: ${times.join(', ')}`);
    }

    const pin = flagOption('no-pin') ? { note: 'not pinned (--no-pin)' } : pinCores();
    console.log(`${viewers.length} viewers; pinning: ${pin.note}`);
    const appPort = await freePort();
    const appChild = await startAppServer({
      databaseUrl: database.url,
      port: appPort,
      dataDir,
      core: pin.server,
      // Its GC pauses, printed with each paced round.
      nodeFlags: ['--trace-gc'],
    });
    children.push(appChild);
    const referencePort = await freePort();
    const referenceChild = await startNode(
      'bench/zones-reference.ts',
      [specFile, String(referencePort)],
      {},
      /^listening/,
      pin.server,
    );
    children.push(referenceChild);
    const empty = (): Record<List, Runs> => ({
      search: { saturated: [], latencies: [], rate: 0, cpu: [] },
      suggestions: { saturated: [], latencies: [], rate: 0, cpu: [] },
    });
    const targets: Target[] = [
      {
        name: 'reference',
        base: `http://127.0.0.1:${referencePort}`,
        pid: referenceChild.pid,
        runs: empty(),
      },
      { name: 'app', base: `http://127.0.0.1:${appPort}`, pid: appChild.pid, runs: empty() },
    ];

    // The same zones, in the same order, with the same count, from both, for two viewers.
    const sizes: Record<string, number> = {};
    for (const list of LISTS) {
      for (const viewer of [viewers[0]!, viewers.at(-1)!]) {
        const [fromReference, fromApp] = await Promise.all(
          targets.map(async (target) => {
            const response = await fetch(target.base + pathOf(list), { headers: { cookie: viewer.cookie } });
            const raw = await response.text();
            return { status: response.status, raw, bytes: Buffer.byteLength(raw) };
          }),
        );
        const same = (a: string, b: string) => {
          const [x, y] = [JSON.parse(a) as ZoneListBody, JSON.parse(b) as ZoneListBody];
          return x.count === y.count && x.zones.map((z) => z._id).join() === y.zones.map((z) => z._id).join();
        };
        if (
          fromApp!.status !== 200 ||
          fromReference!.status !== 200 ||
          !same(fromApp!.raw, fromReference!.raw)
        ) {
          throw new Error(
            `${list}: the app and the reference answer differently (HTTP ${fromApp!.status} / ${fromReference!.status})\n` +
              children.flatMap((child) => child.output.slice(-8)).join('\n'),
          );
        }
        if ((JSON.parse(fromApp!.raw) as ZoneListBody).zones.length === 0)
          throw new Error(`${list}: no zones`);
        sizes[`${list}, app`] = fromApp!.bytes;
        sizes[`${list}, reference`] = fromReference!.bytes;
      }
    }
    console.log(`Same zones from both: ${JSON.stringify(sizes)}`);

    let next = 0;
    const headers = () => ({
      cookie: viewers[next++ % viewers.length]!.cookie,
      'accept-encoding': 'br, gzip',
    });
    for (const target of targets) {
      for (const list of LISTS)
        await saturate(target.base + pathOf(list), headers, connections, Math.min(2, seconds));
    }
    for (const list of LISTS) {
      for (let round = 0; round < rounds; round++) {
        for (const target of round % 2 === 0 ? targets : [...targets].reverse()) {
          const counting = countCpu(target.pid, database.dir);
          const run = await saturate(target.base + pathOf(list), headers, connections, seconds);
          const cpu = counting.stop(run.requests);
          target.runs[list].cpu.push(cpu);
          if (run.non2xx > 0 || run.errors > 0) {
            throw new Error(
              `${target.name} ${list}: ${run.non2xx} non-2xx and ${run.errors} errors when saturated`,
            );
          }
          target.runs[list].saturated.push(run.rate);
          console.log(
            `round ${round + 1}/${rounds}: ${target.name} ${list} saturated ${formatNumber(run.rate)} req/s, CPU a request: ${describeCpu(cpu)}`,
          );
        }
      }
      const rate = fixedRate ?? Math.max(1, Math.round(median(targets[1]!.runs[list].saturated) / 4));
      for (let round = 0; round < rounds; round++) {
        for (const target of round % 2 === 0 ? targets : [...targets].reverse()) {
          const gc = target.name === 'app' ? childGcPauses(appChild) : undefined;
          const run = await paced(target.base + pathOf(list), headers, rate, seconds, connections);
          const pauses = gc && `; ${describeGcPauses(gc.stop())}`;
          if (run.failed > 0) throw new Error(`${target.name} ${list}: ${run.failed} requests failed`);
          target.runs[list].latencies.push(...run.latencies);
          target.runs[list].rate = rate;
          console.log(
            `round ${round + 1}/${rounds}: ${target.name} ${list} at ${rate} req/s p50 ${percentile(run.latencies, 50).toFixed(1)} ms, p95 ${percentile(run.latencies, 95).toFixed(1)} ms${pauses ?? ''}`,
          );
        }
      }
    }
    return await report(targets, pin.note, {
      seeding,
      q,
      viewers: viewers.length,
      sizes,
      statements: Object.fromEntries(LISTS.map((list) => [list, spec[list].statements.map((s) => s.sql)])),
      plans,
    });
  });
}

async function report(targets: Target[], pinning: string, extra: Record<string, unknown>) {
  const [reference, app] = targets as [Target, Target];
  const figures = (target: Target, list: List) => {
    const runs = target.runs[list];
    return {
      saturated: median(runs.saturated),
      cpuServerMs: median(runs.cpu.map((cpu) => cpu.server)),
      cpuPostgresMs: median(runs.cpu.map((cpu) => cpu.postgres)),
      p50: percentile(runs.latencies, 50),
      p95: percentile(runs.latencies, 95),
      p99: percentile(runs.latencies, 99),
    };
  };
  const sized = `${formatNumber(zoneCount)} zones, ${formatNumber((extra.seeding as { memberships: number }).memberships)} memberships`;
  const bars: BarRow[] = LISTS.flatMap((list) => {
    const [a, r] = [figures(app, list), figures(reference, list)];
    const label = `GET ${pathOf(list)}`;
    const throughput = a.saturated / r.saturated;
    return [
      {
        bar: 'B10',
        what: `${label} p95 at ${app.runs[list].rate} req/s (${sized})`,
        measured: `${a.p95.toFixed(1)} ms (p50 ${a.p50.toFixed(1)})`,
        reference: `${r.p95.toFixed(1)} ms (p50 ${r.p50.toFixed(1)}; bare Fastify + pg)`,
        target: `<= ${P95_BAR_MS} ms`,
        pass: a.p95 <= P95_BAR_MS,
        value: a.p95,
      },
      {
        bar: 'B10',
        what: `${label} throughput (req/s, median of ${rounds}, ${connections} connections)`,
        measured: `${formatNumber(a.saturated)} req/s (${throughput.toFixed(2)}x)`,
        reference: `${formatNumber(r.saturated)} req/s (bare Fastify + pg)`,
        target: `>= ${THROUGHPUT_BAR}x the reference`,
        pass: throughput >= THROUGHPUT_BAR,
        value: throughput,
      },
    ];
  });
  console.log(
    `\nB10 zones: ${sized}, q=${q}, ${rounds} rounds of ${seconds} s; ${pinning}; load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}`,
  );
  for (const list of LISTS) {
    const [a, r] = [figures(app, list), figures(reference, list)];
    console.log(
      `${list}, CPU a request when saturated (medians): app ${a.cpuServerMs.toFixed(2)} ms + PostgreSQL ${a.cpuPostgresMs.toFixed(2)} ms, reference ${r.cpuServerMs.toFixed(2)} ms + ${r.cpuPostgresMs.toFixed(2)} ms`,
    );
  }
  printBars(bars);
  await writeResults('zones', bars, {
    options: { members, zones: zoneCount, q, seconds, rounds, connections },
    pinning,
    load: os.loadavg(),
    ...extra,
    servers: targets.map((target) => ({
      name: target.name,
      ...Object.fromEntries(
        LISTS.map((list) => [list, { ...figures(target, list), runs: target.runs[list].saturated }]),
      ),
    })),
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
