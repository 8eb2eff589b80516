/**
 * B7: the photo pipeline against a plain sharp resize.
 *
 * A generated 12-megapixel phone JPEG (4000x3000, EXIF with GPS position, camera, author and an
 * orientation, a Display P3 profile) goes through the server's whole pipeline (type from the bytes,
 * header check, one decode with orientation applied, every served variant in AVIF and WebP, the
 * placeholder) and, in rounds taking turns, through the reference: sharp resizing it to 1080 wide
 * as a JPEG. Bar: the pipeline's median <= 6x the reference's median, and no metadata left in any
 * served file. Also reports the event loop's delay while photos are encoded (sharp works on libuv's
 * threads, so requests and sockets keep being served).
 *
 *   node_modules/.bin/node --import tsx bench/photo-pipeline.bench.ts [--rounds 15]
 */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import exifr from 'exifr';
import sharp from 'sharp';
import {
  encodePhoto,
  inspectPhoto,
  type ProcessedPhoto,
} from '../apps/server/src/features/media/photo-pipeline.ts';
import { PHOTO_WIDTHS } from '@motema/shared/media';
import { phoneJpeg } from '../apps/server/src/test/media-factories.ts';
import { printBars, writeResults, type BarRow } from './lib/results.ts';
import { numberOption } from './lib/options.ts';

const BAR_RATIO = 6;
const rounds = numberOption('rounds', 15);
const warmup = 2;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (value: number) => value.toFixed(1);

async function reference(input: Buffer): Promise<number> {
  const started = performance.now();
  await sharp(input).resize({ width: 1080 }).jpeg().toBuffer();
  return performance.now() - started;
}

async function pipeline(input: Buffer): Promise<{ time: number; photo: ProcessedPhoto }> {
  const started = performance.now();
  const { mime } = await inspectPhoto(input);
  const photo = await encodePhoto(input, mime);
  return { time: performance.now() - started, photo };
}

/** What metadata a served file still carries, by sharp and by exifr; empty when clean. */
async function leftMetadata(body: Buffer): Promise<string[]> {
  const found: string[] = [];
  const metadata = await sharp(body).metadata();
  for (const key of ['exif', 'icc', 'xmp', 'iptc', 'orientation'] as const) {
    if (metadata[key] !== undefined) found.push(`sharp:${key}`);
  }
  const parsed = await exifr
    .parse(body, { tiff: true, exif: true, gps: true, xmp: true, iptc: true, icc: true })
    .catch(() => undefined);
  if (parsed) found.push(`exifr:${Object.keys(parsed).slice(0, 5).join(',')}`);
  if (await exifr.gps(body).catch(() => undefined)) found.push('exifr:gps');
  if (body.includes('Exif\0\0') || body.includes('Motema Test Phone')) found.push('bytes:exif');
  return found;
}

// A portrait photo as phones store it (landscape pixels, orientation 6): the bar's case. Its largest
// variant (1080x1440) needs more pixels than the reference's 1080x810, so sharp cannot shrink it on
// load. The same photo held in landscape (orientation 1) is measured too, for information.
const input = await phoneJpeg(4000, 3000, 6);
const landscape = await phoneJpeg(4000, 3000, 1);
const inputGps = await exifr.gps(input);
if (!inputGps) throw new Error('the input should carry a GPS position');

for (let i = 0; i < warmup; i += 1) {
  await reference(input);
  await pipeline(input);
  await pipeline(landscape);
}

const referenceTimes: number[] = [];
const pipelineTimes: number[] = [];
const landscapeTimes: number[] = [];
let last: ProcessedPhoto | undefined;
const runs = [
  async () => referenceTimes.push(await reference(input)),
  async () => {
    const run = await pipeline(input);
    pipelineTimes.push(run.time);
    last = run.photo;
  },
  async () => landscapeTimes.push((await pipeline(landscape)).time),
];
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();
for (let round = 0; round < rounds; round += 1) {
  // Rotate which goes first, so none always runs on a warmer cache.
  for (let i = 0; i < runs.length; i += 1) await runs[(round + i) % runs.length]!();
}
loopDelay.disable();

const served = last!.variants;
const leaks = [];
for (const variant of served) {
  const found = await leftMetadata(variant.body);
  if (found.length) leaks.push({ variant: `${variant.width}.${variant.type}`, found });
}
const placeholder = Buffer.from(last!.placeholder.split(',')[1]!, 'base64');
const placeholderLeaks = await leftMetadata(placeholder);
if (placeholderLeaks.length) leaks.push({ variant: 'placeholder', found: placeholderLeaks });

const referenceMedian = median(referenceTimes);
const pipelineMedian = median(pipelineTimes);
const ratio = pipelineMedian / referenceMedian;
const pass = ratio <= BAR_RATIO && leaks.length === 0;

const landscapeMedian = median(landscapeTimes);
const rows: [string, string, string, string][] = [
  [
    'reference: sharp resize to 1080 px JPEG',
    ms(referenceMedian),
    ms(percentile(referenceTimes, 90)),
    ms(Math.min(...referenceTimes)),
  ],
  [
    `pipeline: check + ${PHOTO_WIDTHS.length * 2} variants + placeholder`,
    ms(pipelineMedian),
    ms(percentile(pipelineTimes, 90)),
    ms(Math.min(...pipelineTimes)),
  ],
  [
    '  same photo held landscape (orientation 1)',
    ms(landscapeMedian),
    ms(percentile(landscapeTimes, 90)),
    ms(Math.min(...landscapeTimes)),
  ],
];
console.log(
  `B7 photo pipeline: ${input.length} byte 4000x3000 JPEG with GPS EXIF, orientation 6, ${rounds} alternating rounds`,
);
console.log(
  `machine: ${os.availableParallelism()} CPUs, Node ${process.version}, sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}`,
);
console.log('');
console.log(
  `${'run'.padEnd(44)} ${'median ms'.padStart(10)} ${'p90 ms'.padStart(8)} ${'min ms'.padStart(8)}`,
);
for (const [name, med, p90, min] of rows) {
  console.log(`${name.padEnd(44)} ${med.padStart(10)} ${p90.padStart(8)} ${min.padStart(8)}`);
}
console.log('');
console.log(
  `ratio pipeline / reference: ${ratio.toFixed(2)}x (bar <= ${BAR_RATIO}x); landscape: ${(landscapeMedian / referenceMedian).toFixed(2)}x`,
);
console.log(
  `served files: ${served.map((variant) => `${variant.width}.${variant.type.slice(6)} ${variant.body.length} B`).join(', ')}`,
);
console.log(
  `placeholder: ${last!.placeholder.length} characters; metadata left in served files: ${leaks.length ? JSON.stringify(leaks) : 'none'}`,
);
console.log(
  `event loop delay while encoding: p99 ${ms(loopDelay.percentile(99) / 1e6)} ms, max ${ms(loopDelay.max / 1e6)} ms`,
);
console.log(pass ? 'PASS' : 'FAIL');

const bars: BarRow[] = [
  {
    bar: 'B7',
    what: 'photo pipeline, 12 MP JPEG to every served variant (median)',
    measured: `${ms(pipelineMedian)} ms (${ratio.toFixed(2)}x)`,
    reference: `sharp resize to 1080 px: ${ms(referenceMedian)} ms`,
    target: `<= ${BAR_RATIO}x the resize`,
    pass: ratio <= BAR_RATIO,
    value: ratio,
  },
  {
    bar: 'B7',
    what: 'metadata left in served files (EXIF, GPS, XMP, ICC)',
    measured: leaks.length === 0 ? `none in ${served.length} files` : `${leaks.length} files`,
    reference: `input: GPS ${inputGps ? 'present' : 'absent'}`,
    target: 'none',
    pass: leaks.length === 0,
    value: leaks.length,
  },
];
printBars(bars);
await writeResults('photo-pipeline', bars, {
  toolchain: {
    sharp: sharp.versions.sharp,
    libvips: sharp.versions.vips,
    sharpConcurrency: sharp.concurrency(),
  },
  input: { width: 4000, height: 3000, orientation: 6, bytes: input.length, gps: inputGps },
  rounds,
  referenceMs: { median: referenceMedian, p90: percentile(referenceTimes, 90), all: referenceTimes },
  pipelineMs: { median: pipelineMedian, p90: percentile(pipelineTimes, 90), all: pipelineTimes },
  ratio,
  landscapeMs: { median: landscapeMedian, p90: percentile(landscapeTimes, 90), all: landscapeTimes },
  landscapeRatio: landscapeMedian / referenceMedian,
  barRatio: BAR_RATIO,
  served: served.map((variant) => ({
    width: variant.width,
    height: variant.height,
    type: variant.type,
    bytes: variant.body.length,
  })),
  placeholderChars: last!.placeholder.length,
  metadataLeaks: leaks,
  eventLoopDelayMs: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
});
process.exit(pass ? 0 : 1);
