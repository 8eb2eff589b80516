/**
 * B3: chat with 2,000 connected sockets (1,000 conversations), 200-byte messages stored in PostgreSQL
 * by the real server (apps/server/src/main.ts as a child process: the session cookie at the handshake,
 * `chats:messages:send` acked after the commit, `chats:messages:new` to the other member), against
 * a bare Socket.IO relay with no database (bench/chat-relay.ts) under the same clients and load, in
 * the same run. Rounds alternate which goes first. Per round and server: the saturated throughput (every
 * socket keeps `--window` messages awaiting their ack for `--saturate` seconds; messages delivered to
 * the other member over the time from the first send to the last delivery), then a fixed offered load (`--rate` messages a second for `--seconds`):
 * send-to-deliver and send-to-ack latency, lost and duplicated messages. At the end every client id sent
 * to the app is looked up in PostgreSQL: stored exactly once.
 *
 *   node_modules/.bin/node --import tsx bench/chat.bench.ts [--sockets 2000] [--seconds 10] [--rate 1000]
 *     [--rounds 3] [--saturate 5] [--window 2] [--uploads 2] [--uploads-rate R] [--keep DIR] [--only relay|app] [--no-pin]
 *
 * B7's "chat p99 unaffected while uploads run": after the rounds, two more fixed-load phases on the
 * app at `--uploads-rate` (default `--rate`), without and then with `--uploads` members at a time
 * uploading a 12-megapixel phone JPEG (0: skip them).
 * A quick look: `--sockets 200 --seconds 3 --rounds 1`. Writes bench/results/chat.json.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { connectDatabase, migrateDatabase, type Db } from '../apps/server/src/db/client.ts';
import {
  connectAll,
  deliveryRate,
  drain,
  offer,
  saturate,
  summarize,
  TEXT_BYTES,
  Tracker,
  type Client,
  type PhaseSummary,
} from './chat-load.ts';
import { prepareMembers } from './chat-setup.ts';
import {
  freePort,
  openDatabase,
  pinCores,
  postgresCpu,
  processCpu,
  startNode,
  type Child,
  startAppServer,
  stopOnSignal,
} from './lib/processes.ts';
import { preparePhoto, startUploads, type UploadRun } from './chat-uploads.ts';
import { formatNumber, printBars, writeResults, type BarRow } from './lib/results.ts';
import { flagOption, numberOption, textOption } from './lib/options.ts';

const sockets = numberOption('sockets', 2000);
const seconds = numberOption('seconds', 10);
const rate = numberOption('rate', 1000);
const rounds = numberOption('rounds', 3);
const saturateSeconds = numberOption('saturate', 5);
const window = numberOption('window', 2);
const uploads = numberOption('uploads', 2);
const uploadsRate = numberOption('uploads-rate', rate);
const only = textOption('only');
if (!Number.isInteger(sockets) || sockets < 2 || sockets % 2) throw new Error('--sockets must be even');

type Name = 'relay' | 'app';
type Cpu = { server: number; postgres: number; client: number };
type Target = {
  name: Name;
  child: Child;
  port: number;
  clients: Client[];
  connectMs: number;
  saturated: { rate: number; summary: PhaseSummary; cpu: Cpu }[];
  fixed: { ids: string[]; summary: PhaseSummary; cpu: Cpu; loopP99: number }[];
  withUploads?: { baseline: string[]; ids: string[]; summary: PhaseSummary; uploads: UploadRun };
  /** Client ids sent, by kind of phase. */
  ids: { saturated: string[]; fixed: string[]; uploads: string[] };
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function measured<T>(target: Target, pgDir: string | undefined, run: () => Promise<T>) {
  const before = {
    server: processCpu(target.child.pid),
    postgres: postgresCpu(pgDir),
    client: process.cpuUsage(),
  };
  const result = await run();
  const client = process.cpuUsage(before.client);
  const cpu: Cpu = {
    server: processCpu(target.child.pid) - before.server,
    postgres: postgresCpu(pgDir) - before.postgres,
    client: (client.user + client.system) / 1e6,
  };
  return { result, cpu };
}

/**
 * Lets a phase's messages arrive before the next phase starts, then waits for the server to go quiet
 * (work it does after the ack, such as the recipient's counters), so no backlog spills over.
 */
async function settle(target: Target, tracker: Tracker, ids: string[], graceMs: number) {
  const waited = await drain(tracker, ids, graceMs);
  if (waited >= graceMs) console.log(`\nStill unsettled after ${graceMs / 1000} s; going on.`);
  for (let i = 0; i < 120; i++) {
    const before = processCpu(target.child.pid);
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (processCpu(target.child.pid) - before <= 0.05) break;
  }
}

async function saturatedRound(target: Target, tracker: Tracker, pgDir: string | undefined) {
  const { result, cpu } = await measured(target, pgDir, async () => {
    const run = await saturate(target.clients, tracker, saturateSeconds, window);
    await settle(target, tracker, run.ids, 60_000);
    return run;
  });
  // One by one: a fast relay sends more ids than a spread's arguments may hold.
  for (const id of result.ids) target.ids.saturated.push(id);
  const rate = deliveryRate(tracker, result.ids, result.started);
  target.saturated.push({ rate, summary: summarize(tracker, result.ids), cpu });
}

async function fixedRound(target: Target, tracker: Tracker, pgDir: string | undefined) {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const { result: ids, cpu } = await measured(target, pgDir, () =>
    offer(target.clients, tracker, rate, seconds),
  );
  loop.disable();
  await settle(target, tracker, ids, 300_000);
  target.ids.fixed.push(...ids);
  target.fixed.push({ ids, summary: summarize(tracker, ids), cpu, loopP99: loop.percentile(99) / 1e6 });
}

/** Every client id sent to the app, looked up in PostgreSQL. */
async function verifyStored(db: Db, tracker: Tracker, ids: string[]) {
  const counts = new Map<string, number>();
  for (let start = 0; start < ids.length; start += 20_000) {
    const slice = `{${ids.slice(start, start + 20_000).join(',')}}`;
    const rows = (
      await db.execute(sql`
        SELECT client_id::text AS id, count(*)::int AS n FROM messages
        WHERE client_id = ANY(${slice}::uuid[]) GROUP BY client_id`)
    ).rows as { id: string; n: number }[];
    for (const row of rows) counts.set(row.id, row.n);
  }
  let once = 0;
  let twice = 0;
  let ackedMissing = 0;
  let refusedStored = 0;
  for (const id of ids) {
    const n = counts.get(id) ?? 0;
    const record = tracker.sent.get(id)!;
    if (n === 1) once += 1;
    if (n > 1) twice += 1;
    if (n === 0 && record.ackAt !== undefined && !record.ackCode) ackedMissing += 1;
    if (n > 0 && record.ackCode) refusedStored += 1;
  }
  return { sent: ids.length, storedOnce: once, storedTwiceOrMore: twice, ackedMissing, refusedStored };
}

const total = (rows: { summary: PhaseSummary }[], key: 'sent' | 'lost' | 'duplicated' | 'delivered') =>
  rows.reduce((sum, row) => sum + row.summary[key], 0);

async function main() {
  const database = await openDatabase(textOption('keep'), 'chat');
  const { db, close } = connectDatabase(database.url, { max: 4 });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'motema-bench-chat-data-'));
  const targets: Target[] = [];
  const children: Child[] = [];
  const stopAll = async () => {
    for (const target of targets) for (const client of target.clients) client.socket.disconnect();
    for (const child of children.splice(0)) await child.stop();
  };
  stopOnSignal(() => stopAll().then(() => database.stop()));
  try {
    await migrateDatabase(db);
    let started = performance.now();
    const members = await prepareMembers(db, sockets);
    console.log(
      `${sockets} members in ${sockets / 2} conversations with sessions (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    const pin = flagOption('no-pin') ? { note: 'not pinned (--no-pin)' } : pinCores();
    console.log(`Pinning: ${pin.note}`);
    const tracker = new Tracker();
    const names: Name[] = only === 'relay' || only === 'app' ? [only] : ['relay', 'app'];
    for (const name of names) {
      const port = await freePort();
      const child =
        name === 'relay'
          ? await startNode('bench/chat-relay.ts', [String(port)], {}, /^listening \d+/, pin.server)
          : await startAppServer({
              databaseUrl: database.url,
              port: port,
              dataDir: dataDir,
              core: pin.server,
            });
      children.push(child);
      started = performance.now();
      const clients = await connectAll(`http://127.0.0.1:${port}`, members, tracker);
      const connectMs = performance.now() - started;
      console.log(`${name}: ${clients.length} sockets connected in ${(connectMs / 1000).toFixed(1)} s`);
      targets.push({
        name,
        child,
        port,
        clients,
        connectMs,
        saturated: [],
        fixed: [],
        ids: { saturated: [], fixed: [], uploads: [] },
      });
    }

    // Warm-up: JIT, plans, pool connections.
    for (const target of targets) {
      const ids = await offer(target.clients, tracker, Math.min(rate, 100), 2);
      await settle(target, tracker, ids, 60_000);
    }

    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? targets : [...targets].reverse();
      for (const target of order) {
        await saturatedRound(target, tracker, database.dir);
        process.stdout.write(
          `\rround ${round + 1}/${rounds}: ${target.name} saturated ${target.saturated.at(-1)!.rate.toFixed(0)} msg/s      `,
        );
      }
      for (const target of order) {
        await fixedRound(target, tracker, database.dir);
        process.stdout.write(
          `\rround ${round + 1}/${rounds}: ${target.name} at ${rate}/s p99 ${target.fixed.at(-1)!.summary.deliver.p99.toFixed(1)} ms      `,
        );
      }
    }
    process.stdout.write('\n');

    const app = targets.find((target) => target.name === 'app');
    if (app && uploads > 0) {
      // The same offered load without and then with uploads running.
      const baseline = await offer(app.clients, tracker, uploadsRate, seconds);
      await settle(app, tracker, baseline, 300_000);
      const photo = await preparePhoto();
      const running = startUploads(`http://127.0.0.1:${app.port}`, members.slice().reverse(), photo, uploads);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const ids = await offer(app.clients, tracker, uploadsRate, seconds);
      const done = await running.stop();
      await settle(app, tracker, ids, 300_000);
      app.ids.uploads.push(...baseline, ...ids);
      app.withUploads = { baseline, ids, summary: summarize(tracker, ids), uploads: done };
      console.log(
        `app at ${uploadsRate}/s: p99 ${summarize(tracker, baseline).deliver.p99.toFixed(1)} ms; with ${uploads} uploads running: p99 ${app.withUploads.summary.deliver.p99.toFixed(1)} ms, ${done.uploaded} photos uploaded, ${done.failed.length} failed`,
      );
    }
    // Whatever is still on its way (a slow server): waited for, so `lost` means never delivered.
    const everything = targets.flatMap((target) => [
      ...target.ids.saturated,
      ...target.ids.fixed,
      ...target.ids.uploads,
    ]);
    const waited = await drain(tracker, everything, 60_000);
    if (waited > 1000) console.log(`Waited ${(waited / 1000).toFixed(1)} s for late messages.`);
    const stored = app
      ? await verifyStored(db, tracker, [...app.ids.saturated, ...app.ids.fixed, ...app.ids.uploads])
      : undefined;
    return await report(targets, tracker, pin.note, stored);
  } finally {
    await stopAll();
    await close();
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function report(
  targets: Target[],
  tracker: Tracker,
  pinning: string,
  stored: Awaited<ReturnType<typeof verifyStored>> | undefined,
) {
  const rows = targets.map((target) => {
    const fixed = summarize(tracker, target.ids.fixed);
    const saturated = summarize(tracker, target.ids.saturated);
    const satMessages = total(target.saturated, 'delivered');
    const perMessage = (key: keyof Cpu) =>
      (target.saturated.reduce((sum, row) => sum + row.cpu[key], 0) / satMessages) * 1e6;
    const share = (key: keyof Cpu) =>
      (target.fixed.reduce((sum, row) => sum + row.cpu[key], 0) / (target.fixed.length * seconds)) * 100;
    return {
      name: target.name,
      connectSeconds: target.connectMs / 1000,
      saturatedRates: target.saturated.map((row) => row.rate),
      saturatedMedian: median(target.saturated.map((row) => row.rate)),
      saturated,
      fixed,
      fixedRoundP99: target.fixed.map((row) => summarize(tracker, row.ids).deliver.p99),
      loadGeneratorLoopP99: Math.max(...target.fixed.map((row) => row.loopP99)),
      cpuMicrosPerMessageSaturated: {
        server: perMessage('server'),
        postgres: perMessage('postgres'),
        client: perMessage('client'),
      },
      cpuPercentAtRate: { server: share('server'), postgres: share('postgres'), client: share('client') },
      withUploads: target.withUploads && {
        baseline: summarize(tracker, target.withUploads.baseline),
        ...summarize(tracker, target.withUploads.ids),
        uploaded: target.withUploads.uploads.uploaded,
        failed: target.withUploads.uploads.failed.slice(0, 5),
        uploadMedianMs: median(target.withUploads.uploads.times),
      },
    };
  });
  const relay = rows.find((row) => row.name === 'relay');
  const app = rows.find((row) => row.name === 'app');
  const bars: BarRow[] = [];
  const ms = (value: number) => `${formatNumber(value, 1)} ms`;
  const perSecond = (value: number) => `${formatNumber(value)} msg/s`;
  if (app) {
    // Without the relay (--only app) there is no reference: no throughput row, as before.
    if (relay) {
      const ratio = app.saturatedMedian / relay.saturatedMedian;
      bars.push({
        bar: 'B3',
        what: `chat throughput, saturated (${sockets} sockets, median of ${rounds})`,
        measured: `${perSecond(app.saturatedMedian)} (${formatNumber(ratio, 2)}x)`,
        reference: `${perSecond(relay.saturatedMedian)} (bare Socket.IO relay)`,
        target: '>= 0.5x the reference',
        pass: ratio >= 0.5,
        value: ratio,
      });
    }
    bars.push({
      bar: 'B3',
      what: `chat p99 send-to-deliver at ${formatNumber(rate)} msg/s`,
      measured: `${ms(app.fixed.deliver.p99)} (p50 ${formatNumber(app.fixed.deliver.p50, 1)})`,
      reference: relay ? `${ms(relay.fixed.deliver.p99)} (relay)` : '',
      target: '<= 50 ms',
      pass: app.fixed.deliver.p99 <= 50,
      value: app.fixed.deliver.p99,
    });
    const lost = app.fixed.lost + app.saturated.lost + (stored?.ackedMissing ?? 0);
    const duplicated = app.fixed.duplicated + app.saturated.duplicated + (stored?.storedTwiceOrMore ?? 0);
    bars.push({
      bar: 'B3',
      what: 'chat messages lost / duplicated (sockets and rows)',
      measured: `${lost} / ${duplicated} of ${formatNumber(stored?.sent ?? app.fixed.sent + app.saturated.sent)}`,
      reference: relay
        ? `${relay.fixed.lost + relay.saturated.lost} / ${relay.fixed.duplicated + relay.saturated.duplicated} (relay)`
        : '',
      target: '0 / 0',
      pass: lost === 0 && duplicated === 0,
      value: lost + duplicated,
    });
    if (app.withUploads) {
      const { deliver, lost, duplicated, baseline } = app.withUploads;
      const limit = Math.min(50, 1.5 * baseline.deliver.p99 + 5);
      bars.push({
        bar: 'B7',
        what: `chat p99 at ${formatNumber(uploadsRate)} msg/s with ${uploads} photo uploads running`,
        measured: `${ms(deliver.p99)}${lost || duplicated ? ` (${lost} lost, ${duplicated} duplicated)` : ''}`,
        reference: `${ms(baseline.deliver.p99)} (same load, no uploads)`,
        target: '<= 50 ms and <= 1.5x + 5 ms',
        pass: deliver.p99 <= limit && lost === 0 && duplicated === 0,
        value: deliver.p99,
      });
    }
  }

  const col = (values: (string | number)[]) =>
    values.map((value) => (typeof value === 'number' ? value.toFixed(1) : value).padStart(20)).join('');
  console.log(
    `\nB3 chat: ${sockets} sockets, ${sockets / 2} conversations, ${TEXT_BYTES}-byte messages, ${rounds} rounds; ${pinning}`,
  );
  console.log(`${''.padEnd(40)}${col(rows.map((row) => row.name))}`);
  const line = (label: string, pick: (row: (typeof rows)[number]) => string | number) =>
    console.log(`${label.padEnd(40)}${col(rows.map(pick))}`);
  line('connect all sockets (s)', (row) => row.connectSeconds);
  line(`saturated msg/s (median, window ${window})`, (row) => row.saturatedMedian);
  line('  rounds', (row) => row.saturatedRates.map((value) => value.toFixed(0)).join('/'));
  line('  ack p50 ms when saturated', (row) => row.saturated.ack.p50);
  line('  lost / duplicated', (row) => `${row.saturated.lost}/${row.saturated.duplicated}`);
  line('  CPU us per message: server', (row) => row.cpuMicrosPerMessageSaturated.server);
  line('  CPU us per message: PostgreSQL', (row) => row.cpuMicrosPerMessageSaturated.postgres);
  line('  CPU us per message: load generator', (row) => row.cpuMicrosPerMessageSaturated.client);
  line(`at ${rate} msg/s for ${seconds} s: sent`, (row) => String(row.fixed.sent));
  line('  delivered', (row) => String(row.fixed.delivered));
  line('  lost / duplicated / refused', (row) => {
    const refused = Object.values(row.fixed.refused).reduce((sum, n) => sum + n, 0);
    return `${row.fixed.lost}/${row.fixed.duplicated}/${refused}`;
  });
  line('  send-to-deliver p50 ms', (row) => row.fixed.deliver.p50);
  line('  send-to-deliver p95 ms', (row) => row.fixed.deliver.p95);
  line('  send-to-deliver p99 ms', (row) => row.fixed.deliver.p99);
  line('  send-to-deliver max ms', (row) => row.fixed.deliver.max);
  line('  p99 per round', (row) => row.fixedRoundP99.map((value) => value.toFixed(0)).join('/'));
  line('  send-to-ack p50 ms', (row) => row.fixed.ack.p50);
  line('  send-to-ack p99 ms', (row) => row.fixed.ack.p99);
  line('  CPU % of a core: server', (row) => row.cpuPercentAtRate.server);
  line('  CPU % of a core: PostgreSQL', (row) => row.cpuPercentAtRate.postgres);
  line('  CPU % of a core: load generator', (row) => row.cpuPercentAtRate.client);
  line('  load generator event-loop p99 ms', (row) => row.loadGeneratorLoopP99);
  const withUploads = rows.find((row) => row.withUploads)?.withUploads;
  if (withUploads) {
    console.log(
      `\napp at ${uploadsRate} msg/s, without uploads: deliver p99 ${withUploads.baseline.deliver.p99.toFixed(1)} ms; with ${uploads} photo uploads running: deliver p50 ${withUploads.deliver.p50.toFixed(1)} / p95 ${withUploads.deliver.p95.toFixed(1)} / p99 ${withUploads.deliver.p99.toFixed(1)} / max ${withUploads.deliver.max.toFixed(1)} ms, lost ${withUploads.lost}, duplicated ${withUploads.duplicated}; ${withUploads.uploaded} photos uploaded (median ${withUploads.uploadMedianMs.toFixed(0)} ms), ${withUploads.failed.length} failed ${withUploads.failed.join('; ')}`,
    );
  }
  if (stored) {
    console.log(
      `\nPostgreSQL: ${stored.sent} client ids sent to the app, ${stored.storedOnce} stored once, ${stored.storedTwiceOrMore} more than once, ${stored.ackedMissing} acked but missing, ${stored.refusedStored} refused but stored`,
    );
  }
  if (tracker.strangers) console.log(`${tracker.strangers} deliveries of messages never sent`);
  console.log('');
  printBars(bars);
  const file = await writeResults('chat', bars, {
    pinning,
    options: {
      sockets,
      seconds,
      rate,
      rounds,
      saturateSeconds,
      window,
      uploads,
      uploadsRate,
      textBytes: TEXT_BYTES,
    },
    results: rows,
    stored,
  });
  console.log(`\nWrote ${path.relative(process.cwd(), file)}`);
  return bars.every((bar) => bar.pass);
}

// Exit explicitly: the database client's handlers would otherwise decide the status.
process.exit((await main()) ? 0 : 1);
