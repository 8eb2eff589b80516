// What the end-to-end runner prints: a line, durations, each journey's result, and the closing counts.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { RESULTS_DIR } from './paths.mjs';

export const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;
export const say = (line = '') => process.stdout.write(`${line}\n`);

/** Ends the run with the closing line `N passed, M failed`; scripts/test.mjs reads the counts from summary.json. */
export function finish(passed, failed) {
  try {
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(path.join(RESULTS_DIR, 'summary.json'), JSON.stringify({ passed, failed }));
  } catch {
    // the counts are printed anyway
  }
  say(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

/** One journey's line, its log, and on failure the error's first lines and the screenshots. */
export function report(result) {
  const mark = result.error ? 'FAIL' : 'ok  ';
  say(`  ${mark} ${result.name}  [${result.file}, ${seconds(result.ms)}]`);
  for (const line of result.lines) say(line);
  if (result.error) {
    say(`       ${(result.error.stack ?? result.error.message).split('\n').slice(0, 8).join('\n       ')}`);
    for (const shot of result.screenshots) say(`       screenshot: ${shot}`);
  }
}
