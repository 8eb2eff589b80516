/**
 * B3's report (chat.bench.ts): the figures of each server (the relay, the durable reference, the app:
 * saturated throughput, latency at the fixed load, CPU, B7's phase with uploads), the bar rows, the
 * table printed and bench/results/chat.json.
 */
import path from 'node:path';
import { summarize, TEXT_BYTES, type PhaseSummary, type Tracker } from './chat-load.ts';
import type { ChatOptions } from './chat-options.ts';
import type { Cpu, Target } from './chat-phases.ts';
import { describeDiskQuiet, describeWindows } from './chat-windows-report.ts';
import { DISK_STALL_MS } from './chat-windows.ts';
import type { StoredCheck } from './chat-stored.ts';
import { formatNumber, printBars, writeResults, type BarRow } from './lib/results.ts';

/** The rows' check of each server that stores (chat-stored.ts). */
export type StoredChecks = { app?: StoredCheck; durable?: StoredCheck; checked?: StoredCheck };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const total = (rows: { summary: PhaseSummary }[], key: 'sent' | 'lost' | 'duplicated' | 'delivered') =>
  rows.reduce((sum, row) => sum + row.summary[key], 0);

/** B7's and B9's limits on the p99 with the encodes running, from the p99 with them paused (QUALITY). */
const b9Limit = (paused: number) => 1.5 * paused + 5;
const b7Limit = (paused: number) => Math.min(50, b9Limit(paused));

/** B3's p99 at the fixed load over its rounds in which no disk flush took DISK_STALL_MS (decision 0059). */
function quietRounds(tracker: Tracker, target: Target) {
  const quiet = target.fixed.filter((row) => row.diskFlushMaxMs < DISK_STALL_MS);
  return {
    rounds: quiet.length,
    p99: quiet.length
      ? summarize(
          tracker,
          quiet.flatMap((row) => row.ids),
        ).deliver.p99
      : NaN,
  };
}

/** Each server's figures over the rounds. */
function figuresOf(targets: Target[], tracker: Tracker, { seconds }: ChatOptions) {
  return targets.map((target) => {
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
      fixedRoundDiskFlushMax: target.fixed.map((row) => row.diskFlushMaxMs),
      fixedRoundServerGc: target.fixed.map((row) => row.serverGc),
      fixedDiskQuiet: quietRounds(tracker, target),
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
        diskQuiet: target.withUploads.diskQuiet,
      },
      withVideos: target.withVideos && {
        baseline: summarize(tracker, target.withVideos.baseline),
        ...summarize(tracker, target.withVideos.ids),
        transcoded: target.withVideos.uploads.uploaded,
        failed: target.withVideos.uploads.failed.slice(0, 5),
        uploadToReadyMedianMs: median(target.withVideos.uploads.times),
        windowsEncoding: target.withVideos.windowsEncoding,
        windows: target.withVideos.windows,
        diskQuiet: target.withVideos.diskQuiet,
      },
    };
  });
}
type Figures = ReturnType<typeof figuresOf>[number];

/** B3's rows, and B7's when uploads ran. */
function barRows(rows: Figures[], stored: StoredCheck | undefined, options: ChatOptions): BarRow[] {
  const { sockets, rounds, rate, uploads, uploadsRate, durableGroup } = options;
  const relay = rows.find((row) => row.name === 'relay');
  const durable = rows.find((row) => row.name === 'durable');
  const app = rows.find((row) => row.name === 'app');
  const bars: BarRow[] = [];
  const ms = (value: number) => `${formatNumber(value, 1)} ms`;
  const perSecond = (value: number) => `${formatNumber(value)} msg/s`;
  if (app) {
    // Without the durable reference (--only) there is no reference: no throughput row.
    if (durable) {
      const ratio = app.saturatedMedian / durable.saturatedMedian;
      const ofRelay = relay
        ? `; ${formatNumber(app.saturatedMedian / relay.saturatedMedian, 2)}x the relay`
        : '';
      bars.push({
        bar: 'B3',
        what: `chat throughput, saturated (${sockets} sockets, median of ${rounds})`,
        measured: `${perSecond(app.saturatedMedian)} (${formatNumber(ratio, 2)}x${ofRelay})`,
        reference: `${perSecond(durable.saturatedMedian)} (bare Socket.IO + pg, ${durableGroup === 1 ? 'a transaction a message' : 'group commit'})${relay ? `; relay ${perSecond(relay.saturatedMedian)}` : ''}`,
        target: '>= 1.0x the reference',
        pass: ratio >= 1,
        value: ratio,
      });
    }
    // Decision 0054 (proposed): the bar read against a reference that also refuses non-members.
    const checked = rows.find((row) => row.name === 'checked');
    if (checked) {
      const ratio = app.saturatedMedian / checked.saturatedMedian;
      bars.push({
        bar: 'B3',
        what: `chat throughput, saturated, against the checked reference (decision 0054, proposed)`,
        measured: `${perSecond(app.saturatedMedian)} (${formatNumber(ratio, 2)}x)`,
        reference: `${perSecond(checked.saturatedMedian)} (the durable one, reading membership and blocks)`,
        target: '>= 1.0x the reference (proposed)',
        pass: ratio >= 1,
        value: ratio,
      });
    }
    bars.push({
      bar: 'B3',
      what: `chat p99 send-to-deliver at ${formatNumber(rate)} msg/s`,
      measured: `${ms(app.fixed.deliver.p99)} (p50 ${formatNumber(app.fixed.deliver.p50, 1)})`,
      reference: durable
        ? `${ms(durable.fixed.deliver.p99)} (durable)`
        : relay
          ? `${ms(relay.fixed.deliver.p99)} (relay)`
          : '',
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
      reference: durable
        ? `${durable.fixed.lost + durable.saturated.lost} / ${durable.fixed.duplicated + durable.saturated.duplicated} (durable)`
        : '',
      target: '0 / 0',
      pass: lost === 0 && duplicated === 0,
      value: lost + duplicated,
    });
    if (app.withUploads) {
      const { deliver, lost, duplicated, baseline, uploaded } = app.withUploads;
      const limit = b7Limit(baseline.deliver.p99);
      bars.push({
        bar: 'B7',
        what: `chat p99 at ${formatNumber(uploadsRate)} msg/s with ${uploads} photo uploads running`,
        measured: `${ms(deliver.p99)} (${uploaded} photos uploaded${lost || duplicated ? `, ${lost} lost, ${duplicated} duplicated` : ''})`,
        reference: `${ms(baseline.deliver.p99)} (same load, no uploads)`,
        target: '<= 50 ms and <= 1.5x + 5 ms',
        // No photo uploaded in the phase: chat ran beside nothing, so it says nothing of the bar.
        pass: uploaded > 0 && deliver.p99 <= limit && lost === 0 && duplicated === 0,
        value: deliver.p99,
      });
    }
    if (app.withVideos) {
      const { deliver, lost, duplicated, baseline, windowsEncoding, windows } = app.withVideos;
      const running = windows.filter((window) => window.withEncodes).length;
      const limit = b9Limit(baseline.deliver.p99);
      bars.push({
        bar: 'B9',
        what: `chat p99 at ${formatNumber(uploadsRate)} msg/s while ${options.videos} uploaded videos transcode`,
        measured: `${ms(deliver.p99)} (ffmpeg running in ${windowsEncoding} of ${running} windows${lost || duplicated ? `, ${lost} lost, ${duplicated} duplicated` : ''})`,
        reference: `${ms(baseline.deliver.p99)} (same load, encodes paused)`,
        target: '<= 1.5x + 5 ms',
        // No window with ffmpeg running: nothing was encoded beside chat, so it says nothing of the bar.
        pass: windowsEncoding > 0 && deliver.p99 <= limit && lost === 0 && duplicated === 0,
        value: deliver.p99,
      });
    }
  }
  return bars;
}

/** Both servers side by side, then B7's phase, the rows' check and deliveries never sent. */
function printTable(
  rows: Figures[],
  tracker: Tracker,
  pinning: string,
  stored: StoredChecks,
  options: ChatOptions,
) {
  const { sockets, rounds, rate, seconds, window, uploads, uploadsRate } = options;
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
  const of = (name: string) => rows.find((row) => row.name === name)?.saturatedMedian;
  const ratio = (value: number, name: string) => {
    const reference = of(name);
    return reference ? `${(value / reference).toFixed(2)}x` : '-';
  };
  line('  x the durable / checked reference / relay', (row) =>
    ['durable', 'checked', 'relay'].map((name) => ratio(row.saturatedMedian, name)).join(' / '),
  );
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
  const perRound = (values: number[]) => values.map((value) => value.toFixed(0)).join('/');
  line('  p99 per round', (row) => perRound(row.fixedRoundP99));
  line('  longest disk flush per round ms', (row) => perRound(row.fixedRoundDiskFlushMax));
  // The app's collections (bench/README.md, B3, "December 6, noon"); the references log none.
  line('  server GC per round: pause+marking ms', (row) =>
    row.fixedRoundServerGc.some((gc) => gc.count > 0)
      ? row.fixedRoundServerGc.map((gc) => `${gc.maxMs.toFixed(0)}+${gc.markingMs.toFixed(0)}`).join('/')
      : '-',
  );
  line(`  p99 over rounds with flushes < ${DISK_STALL_MS} ms`, ({ fixedDiskQuiet: { rounds, p99 } }) =>
    rounds ? `${p99.toFixed(1)} (${rounds})` : 'none',
  );
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
    console.log(`  B7 ${describeDiskQuiet(withUploads.diskQuiet, b7Limit)}`);
  }
  const withVideos = rows.find((row) => row.withVideos)?.withVideos;
  if (withVideos) {
    console.log(
      `app at ${uploadsRate} msg/s, encodes paused: deliver p99 ${withVideos.baseline.deliver.p99.toFixed(1)} ms; with ${options.videos} videos uploaded and transcoding (${withVideos.windowsEncoding} windows with ffmpeg running): deliver p50 ${withVideos.deliver.p50.toFixed(1)} / p95 ${withVideos.deliver.p95.toFixed(1)} / p99 ${withVideos.deliver.p99.toFixed(1)} / max ${withVideos.deliver.max.toFixed(1)} ms, lost ${withVideos.lost}, duplicated ${withVideos.duplicated}; ${withVideos.transcoded} videos transcoded (upload to ready, median ${withVideos.uploadToReadyMedianMs.toFixed(0)} ms), ${withVideos.failed.length} failed ${withVideos.failed.join('; ')}; p99 per window ${describeWindows(withVideos.windows)}`,
    );
    console.log(`  B9 ${describeDiskQuiet(withVideos.diskQuiet, b9Limit)}`);
  }
  for (const [name, check] of Object.entries(stored)) {
    if (!check) continue;
    console.log(
      `\nPostgreSQL: ${check.sent} client ids sent to the ${name === 'app' ? 'app' : `${name} reference`}, ${check.storedOnce} stored once, ${check.storedTwiceOrMore} more than once, ${check.ackedMissing} acked but missing, ${check.refusedStored} refused but stored`,
    );
  }
  if (tracker.strangers) console.log(`${tracker.strangers} deliveries of messages never sent`);
  console.log('');
}

/** Prints the figures and the bars, writes bench/results/chat.json; whether every bar passed. */
export async function report(
  targets: Target[],
  tracker: Tracker,
  pinning: string,
  stored: StoredChecks,
  options: ChatOptions,
) {
  const rows = figuresOf(targets, tracker, options);
  const bars = barRows(rows, stored.app, options);
  printTable(rows, tracker, pinning, stored, options);
  printBars(bars);
  const file = await writeResults('chat', bars, {
    pinning,
    options: { ...options, textBytes: TEXT_BYTES },
    results: rows,
    stored,
  });
  console.log(`\nWrote ${path.relative(process.cwd(), file)}`);
  return bars.every((bar) => bar.pass);
}
