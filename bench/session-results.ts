/**
 * B6's results (session-bytes.bench.ts): bytes by kind for the first visit and the whole session, the
 * bar rows against "the useful bytes shown", the details of a round of each mode, and
 * bench/results/session-bytes.json.
 */
import { printBars, writeResults, type BarRow } from './lib/results.ts';
import { kb, KB, median, printKinds, type SessionFigures } from './session-report.ts';

const BARS = { firstVisit: 400 * KB, session: 1.5 * KB * KB, thumbnail: 15 * KB };

/** The run's options, as written to the results file. */
export type SessionOptions = {
  rounds: number;
  members: number;
  browse: number;
  profiles: number;
  swipes: number;
  messages: number;
  only: string | null;
};

/** Where each run's bytes went: per step, photo variants, the service worker, API calls, Socket.IO, repeats. */
function printRounds(runs: SessionFigures[]) {
  for (const run of runs) {
    console.log(`\nData saver ${run.mode}, round ${run.round}: per step`);
    for (const step of run.steps) {
      console.log(
        `  ${step.name.padEnd(42)} ${kb(step.bytes.total).padStart(11)}  (photos ${kb(step.bytes.photo)}, api ${kb(step.bytes['api-json'])}, js ${kb(step.bytes.js)}, socket ${kb(step.bytes.socket)})`,
      );
    }
    console.log(
      `  photo variants: ${Object.entries(run.photoVariants)
        .map(([name, value]) => `${name} x${value.count} = ${kb(value.bytes)}`)
        .join(', ')}`,
    );
    console.log(
      `  service worker's own downloads (precache): ${kb(run.serviceWorker.firstVisit)} in the first visit, ${kb(run.serviceWorker.session)} in all`,
    );
    console.log(
      `  api: ${run.api
        .slice(0, 8)
        .map((item) => `${item.path} x${item.times} ${kb(item.bytes)}`)
        .join('; ')}`,
    );
    console.log(
      `  socket: ${run.socketEvents
        .slice(0, 8)
        .map((item) => `${item.event} x${item.frames} ${kb(item.bytes)}`)
        .join('; ')}`,
    );
    console.log(
      `  repeated: ${
        run.repeated
          .slice(0, 6)
          .map((item) => `${item.url} x${item.times} ${kb(item.bytes)}`)
          .join('; ') || 'none'
      }`,
    );
  }
}

/** Prints the medians, the bars and each mode's first round in detail; sets the exit code. */
export async function report(runs: SessionFigures[], modes: ('off' | 'on')[], options: SessionOptions) {
  const of = (mode: 'off' | 'on') => runs.filter((run) => run.mode === mode);
  printKinds('First visit (median bytes by kind)', {
    off: of('off').map((run) => run.firstVisit),
    on: of('on').map((run) => run.firstVisit),
  });
  printKinds('Whole session (median bytes by kind)', {
    off: of('off').map((run) => run.session),
    on: of('on').map((run) => run.session),
  });
  const spread = (values: number[]) =>
    (Math.max(...values) - Math.min(...values)) / Math.max(1, median(values));
  const bars: BarRow[] = [];
  for (const mode of modes) {
    const list = of(mode);
    const firstVisit = median(list.map((run) => run.firstVisit.withoutPhotos));
    const firstText = median(list.map((run) => run.useful.firstVisitText));
    const whole = median(list.map((run) => run.session.total));
    const useful = median(list.map((run) => run.useful.total));
    const saver = `data saver ${mode}`;
    bars.push({
      bar: 'B6',
      what: `first visit without photos, ${saver} (median of ${list.length})`,
      measured: kb(firstVisit),
      reference: `${kb(firstText)} of text shown (${(firstVisit / Math.max(1, firstText)).toFixed(0)}x)`,
      target: '<= 400 KB',
      pass: firstVisit <= BARS.firstVisit,
      value: firstVisit / KB,
    });
    bars.push({
      bar: 'B6',
      what: `whole session, ${saver} (median of ${list.length})`,
      measured: kb(whole),
      reference: `${kb(useful)} useful shown (${(whole / Math.max(1, useful)).toFixed(1)}x)`,
      target: '<= 1,536 KB (1.5 MB)',
      pass: whole <= BARS.session,
      value: whole / KB,
    });
    console.log(
      `\n${saver}: rounds differ by ${(100 * spread(list.map((run) => run.session.total))).toFixed(1)}% (session) and ${(100 * spread(list.map((run) => run.firstVisit.withoutPhotos))).toFixed(1)}% (first visit)`,
    );
  }
  const thumbnail = Math.max(...runs.map((run) => run.largestThumbnail.body));
  const largest = runs.find((run) => run.largestThumbnail.body === thumbnail)!;
  const thumbnailMedian = median(runs.map((run) => run.thumbnails.medianBody));
  bars.push({
    bar: 'B6',
    what: 'largest avatar thumbnail received (160 px)',
    measured: kb(thumbnail),
    reference: `median thumbnail ${kb(thumbnailMedian)}`,
    target: '<= 15 KB',
    pass: thumbnail <= BARS.thumbnail,
    value: thumbnail / KB,
  });
  console.log(`\nLargest thumbnail: ${largest.largestThumbnail.url}`);
  printRounds(runs.slice(0, modes.length));
  console.log('');
  printBars(bars);
  await writeResults('session-bytes', bars, {
    options,
    note: 'The scripted content of a 10-minute session played back to back (no idle time, so no polling); bytes are counted from the first navigation.',
    runs,
  });
  process.exitCode = bars.every((row) => row.pass) ? 0 : 1;
}
