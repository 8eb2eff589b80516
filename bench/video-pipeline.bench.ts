/**
 * B9: the video pipeline against a plain ffmpeg transcode to the same 480p target.
 *
 * A generated 30 s 1080p phone clip (video-clip.ts: testsrc2 with noise, H.264 high profile at
 * ~15 Mbit/s, AAC, a GPS position, a date and a title, as a phone writes them) goes through the
 * server's whole pipeline (video-pipeline.ts: ffprobe's checks, one decode to the standard 480p and
 * the saver 240p MP4s and a poster frame; the poster through the photo pipeline to every served
 * variant) and, in rounds taking turns, through the reference: one plain ffmpeg command to a 480p
 * H.264/AAC MP4 at the same preset, quality and bit rates. Bars: the pipeline's median <= 1.3x the
 * reference's; bytes on the wire per minute watched (the video file and its 480 px poster) <= 4.5 MB
 * for `standard`, <= 1.5 MB for `saver`; no metadata left in any served file. Both run at the same
 * (normal) priority here; the media worker runs the pipeline in the idle class.
 *
 * B9's third bar, chat p99 while two videos encode, is a phase of the chat benchmark
 * (`chat.bench.ts --videos 2`, chat-uploads.ts).
 *
 *   node_modules/.bin/node --import tsx bench/video-pipeline.bench.ts [--rounds 3] [--seconds 30]
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { encodePhoto, type ProcessedPhoto } from '../apps/server/src/features/media/photo-pipeline.ts';
import { runRestricted } from '../apps/server/src/lib/restricted-ffmpeg.ts';
import {
  FFMPEG_THREADS,
  transcodeVideo,
  VIDEO_TARGETS,
  type TranscodedVideo,
} from '../apps/server/src/features/media/video-pipeline.ts';
import { mp4Boxes } from '../apps/server/src/test/transcode-fixtures.ts';
import { numberOption } from './lib/options.ts';
import { benchTools, phoneVideoClip } from './video-clip.ts';
import { formatNumber, printBars, writeResults, type BarRow } from './lib/results.ts';

const BAR_RATIO = 1.3;
/** Bytes on the wire per minute watched (1 MB = 1,000,000 bytes). */
const BAR_STANDARD_MB = 4.5;
const BAR_SAVER_MB = 1.5;
const rounds = numberOption('rounds', 3);
const seconds = numberOption('seconds', 30);
const tools = benchTools;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The reference: one plain ffmpeg command to the standard target (480p H.264/AAC MP4, fast start). */
async function reference(input: string, workDir: string): Promise<number> {
  const target = VIDEO_TARGETS.standard;
  const started = performance.now();
  const result = await runRestricted(
    tools.ffmpeg,
    [
      ...['-nostdin', '-v', 'error', '-y', '-i', input, '-vf', 'scale=-2:480'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', String(target.crf)],
      ...['-maxrate', `${target.videoKbps}k`, '-bufsize', `${2 * target.videoKbps}k`],
      ...[
        '-c:a',
        'aac',
        '-b:a',
        `${target.audioKbps}k`,
        '-movflags',
        '+faststart',
        path.join(workDir, 'plain.mp4'),
      ],
    ],
    { cpuSeconds: 3600, wallMs: 15 * 60_000, memoryBytes: 4 * 1024 ** 3, outputBytes: 1024 ** 3 },
  );
  if (result.code !== 0) throw new Error(`reference ffmpeg failed: ${result.stderr}`);
  return performance.now() - started;
}

async function pipeline(input: string, workDir: string) {
  const started = performance.now();
  const video = await transcodeVideo(tools, {
    file: input,
    sourceType: 'video/quicktime',
    use: 'post',
    workDir,
  });
  const poster = await encodePhoto(video.poster, 'image/png');
  return { time: performance.now() - started, video, poster };
}

/** What of the clip's metadata a served file still carries: empty when clean. */
function leftMetadata(bytes: Buffer, mp4: boolean): string[] {
  const found: string[] = [];
  for (const text of ['12.3456', 'Amani', 'Beach', 'Lavf', 'x264', 'Exif']) {
    if (bytes.includes(Buffer.from(text))) found.push(text);
  }
  if (mp4) {
    const boxes = mp4Boxes(bytes).filter((box) => /\u00a9|loci|ilst\//.test(box.path));
    found.push(...boxes.map((box) => box.path));
  }
  return found;
}

const input = await phoneVideoClip(seconds);
const inputBytes = (await stat(input)).size;
const inputGps = (await readFile(input)).includes(Buffer.from('12.3456'));
const workRoot = await mkdtemp(path.join(os.tmpdir(), 'motema-bench-video-run-'));
const referenceTimes: number[] = [];
const pipelineTimes: number[] = [];
let last: { video: TranscodedVideo; poster: ProcessedPhoto } | undefined;
try {
  for (let round = 0; round < rounds; round += 1) {
    const runs = [
      async () => referenceTimes.push(await reference(input, workRoot)),
      async () => {
        const workDir = await mkdtemp(path.join(workRoot, 'p-'));
        const run = await pipeline(input, workDir);
        pipelineTimes.push(run.time);
        last = run;
      },
    ];
    if (round % 2) runs.reverse();
    for (const run of runs) await run();
    console.log(
      `round ${round + 1}/${rounds}: reference ${(referenceTimes.at(-1)! / 1000).toFixed(1)} s, pipeline ${(pipelineTimes.at(-1)! / 1000).toFixed(1)} s`,
    );
  }
  const { video, poster } = last!;
  const duration = video.durationMs / 1000;
  const posterFile =
    poster.variants.find((variant) => variant.type === 'image/webp' && variant.width === 480) ??
    poster.variants.find((variant) => variant.type === 'image/webp')!;
  const files = await Promise.all(
    video.files.map(async (file) => ({ ...file, bytes: await readFile(file.file) })),
  );
  const perMinute = (bytes: number) => ((bytes + posterFile.body.length) * 60) / duration / 1e6;
  const standard = files.find((file) => file.quality === 'standard')!;
  const saver = files.find((file) => file.quality === 'saver')!;
  const standardMb = perMinute(standard.bytes.length);
  const saverMb = perMinute(saver.bytes.length);
  const leaks = [
    ...files.map((file) => ({ file: `${file.quality}.mp4`, found: leftMetadata(file.bytes, true) })),
    ...poster.variants.map((variant) => ({
      file: `${variant.width}.${variant.type.slice(6)}`,
      found: leftMetadata(variant.body, false),
    })),
  ].filter((leak) => leak.found.length > 0);

  const referenceMedian = median(referenceTimes);
  const pipelineMedian = median(pipelineTimes);
  const ratio = pipelineMedian / referenceMedian;
  const s = (value: number) => `${formatNumber(value / 1000, 1)} s`;
  const bars: BarRow[] = [
    {
      bar: 'B9',
      what: `video pipeline, ${seconds} s 1080p phone clip to both MP4s + poster variants (median of ${rounds})`,
      measured: `${s(pipelineMedian)} (${formatNumber(ratio, 2)}x)`,
      reference: `plain ffmpeg to 480p: ${s(referenceMedian)}`,
      target: `<= ${BAR_RATIO}x the plain transcode`,
      pass: ratio <= BAR_RATIO,
      value: ratio,
    },
    {
      bar: 'B9',
      what: `bytes on the wire per minute watched, standard (${standard.width}x${standard.height} + poster)`,
      measured: `${formatNumber(standardMb, 2)} MB`,
      reference: `upload: ${formatNumber((inputBytes * 60) / duration / 1e6, 1)} MB a minute`,
      target: `<= ${BAR_STANDARD_MB} MB`,
      pass: standardMb <= BAR_STANDARD_MB,
      value: standardMb,
    },
    {
      bar: 'B9',
      what: `bytes on the wire per minute watched, data saver (${saver.width}x${saver.height} + poster)`,
      measured: `${formatNumber(saverMb, 2)} MB`,
      reference: '',
      target: `<= ${BAR_SAVER_MB} MB`,
      pass: saverMb <= BAR_SAVER_MB,
      value: saverMb,
    },
    {
      bar: 'B9',
      what: 'metadata left in served files (GPS, dates, titles, encoder tags)',
      measured:
        leaks.length === 0
          ? `none in ${files.length + poster.variants.length} files`
          : `${leaks.length} files`,
      reference: `input: GPS ${inputGps ? 'present' : 'absent'}`,
      target: 'none',
      pass: leaks.length === 0,
      value: leaks.length,
    },
  ];
  console.log(
    `B9 video pipeline: ${inputBytes} byte ${seconds} s 1920x1080 clip, ${rounds} alternating rounds, ffmpeg threads ${FFMPEG_THREADS}; machine: ${os.availableParallelism()} CPUs, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}`,
  );
  printBars(bars);
  await writeResults('video-pipeline', bars, {
    tools,
    input: { width: 1920, height: 1080, seconds, bytes: inputBytes, gps: inputGps },
    rounds,
    referenceMs: { median: referenceMedian, all: referenceTimes },
    pipelineMs: { median: pipelineMedian, all: pipelineTimes },
    ratio,
    targets: VIDEO_TARGETS,
    served: [
      ...files.map((file) => ({
        file: `${file.quality}.mp4`,
        width: file.width,
        height: file.height,
        bytes: file.bytes.length,
      })),
      ...poster.variants.map((variant) => ({
        file: `${variant.width}.${variant.type.slice(6)}`,
        bytes: variant.body.length,
      })),
    ],
    megabytesPerMinute: { standard: standardMb, saver: saverMb },
    metadataLeaks: leaks,
  });
  process.exitCode = bars.every((bar) => bar.pass) ? 0 : 1;
} finally {
  await rm(workRoot, { recursive: true, force: true });
}
