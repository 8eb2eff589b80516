/**
 * B11: lives. The real app as a node of its own (lives-node.ts: the lives module, its encoder host, a
 * real ffmpeg a live), broadcasters sending a camera's WebM (VP8 + Opus at ~1 Mbit/s, 640x480, made
 * by ffmpeg) over their sockets at the camera's pace, and viewers polling and fetching segments as the
 * web player does (lives-viewers.ts). Stages of `lives x viewers a live` (`--stages 1x3,2x20,4x40`),
 * each watched for `--seconds`:
 * - the first stage's three viewers (one a rendition) give the bytes a minute watched of each rendition
 *   (segments, playlists and headers as fetched), and the camera-to-viewer latency: a segment's first
 *   chunk sent to the segment fetched whole, plus the recorder's chunk and the player's distance from
 *   the live edge (EDGE_SEGMENTS segments); and the CPU of its live's ffmpeg;
 * - every stage: p95 segment delivery over all its viewers, whether the encoders kept pace (segments a
 *   second), and the node's event-loop delay. A node holds a stage while p95 <= LIVE_SEGMENT_SECONDS
 *   and every encoder keeps pace.
 *
 *   node_modules/.bin/node --import tsx bench/lives.bench.ts [--stages 1x3,2x20,4x40,6x60] [--seconds 30] [--keep DIR]
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LIVE_CHUNK_MS, LIVE_SEGMENT_SECONDS, type LiveRendition } from '@motema/shared/lives';
import { connectDatabase, migrateDatabase } from '../apps/server/src/db/client.ts';
import { createMember } from '../apps/server/src/test/factories.ts';
import { insertLive } from '../apps/server/src/test/live-media-factories.ts';
import { numberOption, textOption } from './lib/options.ts';
import {
  freePort,
  openDatabase,
  pinCores,
  processCpu,
  startNode,
  stopOnSignal,
  type Child,
} from './lib/processes.ts';
import { formatNumber, printBars, writeResults, type BarRow } from './lib/results.ts';
import { broadcast, percentile, watch, type Broadcast, type Watch } from './lives-viewers.ts';

const seconds = numberOption('seconds', 30);
const stages = (textOption('stages') ?? '1x3,2x20,4x40,6x60')
  .split(',')
  .map((stage) => stage.split('x').map(Number) as [number, number]);
/** The player plays this many segments behind the edge (apps/web/src/features/lives/player/hls-playlist.ts). */
const EDGE_SEGMENTS = 3;
const MB = 1_000_000;
const BARS = { latencyMs: 6_000, lowMbPerMinute: 2, audioMbPerMinute: 0.3 };

/** A camera's recording as MediaRecorder writes it, long enough for a stage. */
async function cameraRecording(dir: string): Promise<Buffer> {
  const file = path.join(dir, 'camera.webm');
  const duration = seconds + 20;
  const result = spawnSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=640x480:rate=30:duration=${duration}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=330:sample_rate=48000:duration=${duration}`],
    ...['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '1M', '-g', '60'],
    ...['-c:a', 'libopus', '-b:a', '48k', '-f', 'webm', file],
  ]);
  if (result.status !== 0) throw new Error(`the recording failed: ${result.stderr.toString()}`);
  return readFile(file);
}

/** The recording cut in LIVE_CHUNK_MS pieces of the same size (a steady bitrate, as a recorder's). */
function chunksOf(bytes: Buffer, durationSeconds: number): Buffer[] {
  const count = Math.ceil((durationSeconds * 1000) / LIVE_CHUNK_MS);
  const size = Math.ceil(bytes.length / count);
  return Array.from({ length: count }, (_, index) => bytes.subarray(index * size, (index + 1) * size));
}

function ffmpegChildrenOf(parent: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return stat.includes('(ffmpeg)') && Number(fields[1]) === parent;
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function tell(node: Child, line: string, answer: RegExp): Promise<string> {
  const from = node.output.length;
  node.process.stdin!.write(`${line}\n`);
  for (let waited = 0; waited < 30_000; waited += 50) {
    const found = node.output.slice(Math.max(0, from - 5)).find((out) => answer.test(out));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the node did not answer ${line}: ${node.output.slice(-5).join(' | ')}`);
}

const cores = pinCores();
const work = await mkdtemp(path.join(os.tmpdir(), 'motema-lives-bench-'));
const database = await openDatabase(textOption('keep'), 'lives');
const { db, pool } = connectDatabase(database.url);
await migrateDatabase(db);
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const node = await startNode(
  'bench/lives-node.ts',
  [],
  { DATABASE_URL: database.url, PORT: String(port), DATA_DIR: path.join(work, 'data') },
  /lives node ready/,
  cores.server,
);
stopOnSignal(async () => {
  await node.stop();
  await database.stop();
});
const recording = await cameraRecording(work);
const chunks = chunksOf(recording, seconds + 20);
console.log(`recording: ${formatNumber(recording.length / 1024)} KB, ${chunks.length} chunks; ${cores.note}`);

type StageResult = {
  lives: number;
  viewersPerLive: number;
  p95DeliveryMs: number;
  segmentsPerSecond: number;
  refusedChunks: number;
  loopP99Ms: number;
  holds: boolean;
};
const stageResults: StageResult[] = [];
let first:
  | { watches: Watch[]; broadcast: Broadcast; encoderCpu: number; mbPerMinute: Record<string, number> }
  | undefined;
const perMinute = (item: Watch) => (item.bytes / ((performance.now() - item.startedAt) / 1000)) * 60;

for (const [liveCount, viewersPerLive] of stages) {
  const casts: Broadcast[] = [];
  const watches: Watch[] = [];
  const liveIds: string[] = [];
  for (let index = 0; index < liveCount; index += 1) {
    const broadcaster = await createMember({ db });
    const live = await insertLive({ db }, broadcaster);
    liveIds.push(live.id);
    await tell(node, `open ${live.id} video`, new RegExp(`(opened|failed) ${live.id}`));
    casts.push(await broadcast(url, broadcaster.cookie, live.id, chunks));
  }
  // The segments come once the encoders have a second of recording: viewers join then.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const renditions: LiveRendition[] = ['360p', '240p', 'audio'];
  for (const liveId of liveIds) {
    for (let index = 0; index < viewersPerLive; index += 1) {
      const viewer = await createMember({ db });
      watches.push(
        watch(url, viewer.cookie, liveId, stageResults.length === 0 ? renditions[index % 3]! : '240p'),
      );
    }
  }
  await tell(node, 'stats', /^stats /);
  const encoders = ffmpegChildrenOf(node.pid);
  const cpuBefore = encoders.map(processCpu);
  const startedAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const elapsed = (performance.now() - startedAt) / 1000;
  const encoderCpu =
    encoders.reduce((sum, pid, index) => sum + processCpu(pid) - cpuBefore[index]!, 0) /
    encoders.length /
    elapsed;
  const [, , loopP99] = (await tell(node, 'stats', /^stats /)).split(' ').map(Number);
  for (const item of [...watches, ...casts]) item.stop();
  const mbPerMinute = Object.fromEntries(
    watches.slice(0, 3).map((item) => [item.rendition, perMinute(item) / MB]),
  );
  const refusals = casts.flatMap((cast) => cast.refused);
  for (const liveId of liveIds) await tell(node, `close ${liveId}`, new RegExp(`closed ${liveId}`));

  const deliveries = watches.flatMap((item) => item.deliveries);
  const perLive = liveIds.map((_, index) => watches[index * viewersPerLive]!);
  const segmentsPerSecond = Math.min(
    ...perLive.map((item) => item.deliveries.length / ((performance.now() - item.startedAt) / 1000)),
  );
  const refusedChunks = casts.reduce((sum, cast) => sum + cast.refused.length, 0);
  const p95DeliveryMs = percentile(deliveries, 95);
  const result: StageResult = {
    lives: liveCount,
    viewersPerLive,
    p95DeliveryMs,
    segmentsPerSecond,
    refusedChunks,
    loopP99Ms: loopP99 ?? Number.NaN,
    holds:
      p95DeliveryMs <= LIVE_SEGMENT_SECONDS * 1000 &&
      segmentsPerSecond >= 0.85 / LIVE_SEGMENT_SECONDS &&
      refusedChunks === 0,
  };
  stageResults.push(result);
  if (!first) first = { watches, broadcast: casts[0]!, encoderCpu, mbPerMinute };
  console.log(
    `${liveCount} lives x ${viewersPerLive} viewers: p95 delivery ${formatNumber(p95DeliveryMs)} ms, ` +
      `${segmentsPerSecond.toFixed(2)} segments/s, event loop p99 ${loopP99} ms, ${refusedChunks} chunks refused, ` +
      `encoder CPU ${(encoderCpu * 100).toFixed(0)}% of a core, load ${os.loadavg()[0]!.toFixed(1)}` +
      `${refusals.length > 0 ? ` (refused: ${[...new Set(refusals)].join(', ')})` : ''}${result.holds ? '' : ' (not held)'}`,
  );
  if (!result.holds) break;
}

const byRendition = first!.mbPerMinute;
const low = first!.watches.find((item) => item.rendition === '240p')!;
const latencies = [...low.servedAt].flatMap(([segment, servedAt]) => {
  const sentAt = first!.broadcast.sentAt[(segment * LIVE_SEGMENT_SECONDS * 1000) / LIVE_CHUNK_MS];
  return sentAt === undefined ? [] : [servedAt - sentAt];
});
const chunkToServed = percentile(latencies, 50);
const cameraToViewer = LIVE_CHUNK_MS + chunkToServed + EDGE_SEGMENTS * LIVE_SEGMENT_SECONDS * 1000;
const held = stageResults.filter((stage) => stage.holds).at(-1);

const bars: BarRow[] = [
  {
    bar: 'B11',
    what: `camera to viewer (recorder chunk + chunk in to segment served, median ${formatNumber(chunkToServed)} ms, + ${EDGE_SEGMENTS} segments behind the edge)`,
    measured: `${formatNumber(cameraToViewer / 1000, 1)} s`,
    reference: '',
    target: `<= ${BARS.latencyMs / 1000} s`,
    pass: cameraToViewer <= BARS.latencyMs,
    value: cameraToViewer,
  },
  {
    bar: 'B11',
    what: 'MB a minute watched, 240p (360p: ' + formatNumber(byRendition['360p'] ?? Number.NaN, 2) + ' MB)',
    measured: `${formatNumber(byRendition['240p'] ?? Number.NaN, 2)} MB`,
    reference: '1.68 MB (224 kbit/s, the rendition’s bitrate)',
    target: `<= ${BARS.lowMbPerMinute} MB`,
    pass: (byRendition['240p'] ?? Infinity) <= BARS.lowMbPerMinute,
    value: byRendition['240p'],
  },
  {
    bar: 'B11',
    what: 'MB a minute listened, audio only',
    measured: `${formatNumber(byRendition.audio ?? Number.NaN, 2)} MB`,
    reference: '0.24 MB (32 kbit/s)',
    target: `<= ${BARS.audioMbPerMinute} MB`,
    pass: (byRendition.audio ?? Infinity) <= BARS.audioMbPerMinute,
    value: byRendition.audio,
  },
  {
    bar: 'B11',
    what: `lives and viewers the node holds on one core of ${os.cpus().length} (the viewers on the other; p95 segment delivery <= ${LIVE_SEGMENT_SECONDS} s, encoders at pace); one encoder ${(first!.encoderCpu * 100).toFixed(0)}% of a core`,
    measured: held ? `${held.lives} lives, ${held.lives * held.viewersPerLive} viewers` : 'none',
    reference: '',
    target: 'a stated number',
    pass: held !== undefined,
    value: held ? held.lives : 0,
  },
];
printBars(bars);
await writeResults('lives', bars, {
  seconds,
  cores: cores.note,
  recordingBytes: recording.length,
  mbPerMinute: byRendition,
  chunkToServedMs: { p50: chunkToServed, p95: percentile(latencies, 95) },
  encoderCpuShare: first!.encoderCpu,
  stages: stageResults,
});
await node.stop();
await pool.end();
await database.stop();
await rm(work, { recursive: true, force: true });
process.exit(bars.every((row) => row.pass) ? 0 : 1);
