/**
 * `npm run bench` runs every benchmark (`bench/<name>.bench.ts`) one after the other;
 * `npm run bench -- near` runs the ones whose name contains `near`. Arguments after `--` that start
 * with `--` go to each benchmark (e.g. `npm run bench -- near --members 100000`). Each benchmark
 * writes `bench/results/<name>.json`; at the end one table of every bar (the latest result of each
 * benchmark, those not run now marked with their date; the bars no result file here holds, from the
 * summary before) is printed and written to `bench/results/summary.md`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnv } from './lib/child-env.ts';
import { markdownBars, printBars, readAllResults, RESULTS_DIR } from './lib/results.ts';
import { carriedRows } from './lib/summary-rows.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const firstOption = args.findIndex((arg) => arg.startsWith('--'));
const names = firstOption === -1 ? args : args.slice(0, firstOption);
const options = firstOption === -1 ? [] : args.slice(firstOption);

const all = readdirSync(benchDir)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.replace(/\.bench\.ts$/, ''))
  .sort();
const chosen = names.length === 0 ? all : all.filter((name) => names.some((wanted) => name.includes(wanted)));
if (chosen.length === 0) {
  console.error(`No benchmark matches ${names.join(', ')}. Known: ${all.join(', ')}`);
  process.exit(2);
}

const startedAt = new Date();
const failed: string[] = [];
for (const name of chosen) {
  console.log(`\n== ${name}`);
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(benchDir, `${name}.bench.ts`), ...options],
    { stdio: 'inherit', env: childEnv() },
  );
  // Exit 1 is a missed bar (the table says which); anything else is a benchmark that broke.
  if (result.status !== 0 && result.status !== 1) failed.push(`${name} (${result.status ?? result.signal})`);
}

const results = (await readAllResults()).filter((result) => all.includes(result.bench));
const fresh = results.flatMap((result) =>
  result.bars.map((row) =>
    new Date(result.at) >= startedAt
      ? row
      : { ...row, what: `${row.what} (earlier run, ${result.at.slice(0, 16).replace('T', ' ')} UTC)` },
  ),
);
const summaryFile = path.join(RESULTS_DIR, 'summary.md');
const previousSummary = await readFile(summaryFile, 'utf8').catch(() => '');
const rows = [...fresh, ...carriedRows(previousSummary, fresh)].sort((a, b) =>
  a.bar.localeCompare(b.bar, 'en', { numeric: true }),
);
console.log('\n== summary');
printBars(rows);
const missing = all.filter((name) => !results.some((result) => result.bench === name));
const summary = [
  '# Benchmark summary',
  '',
  `Written by \`npm run bench\` on ${startedAt.toISOString()} (${os.availableParallelism()} cores, load ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' / ')}). Each row's reference ran in the same benchmark run; rows marked with a date come from`,
  'an earlier run of that benchmark. Details: `bench/results/<name>.json` and `bench/README.md`.',
  '',
  markdownBars(rows),
  '',
  ...(missing.length > 0
    ? [`No result file here: ${missing.join(', ')} (their rows, if any, come from the summary before).`, '']
    : []),
].join('\n');
await writeFile(summaryFile, summary);
if (failed.length > 0) console.error(`\nBroken (not a missed bar): ${failed.join(', ')}`);
const missed = rows.filter((row) => !row.pass).length;
console.log(`\n${rows.length - missed} bars met, ${missed} missed; bench/results/summary.md written.`);
process.exit(failed.length > 0 ? 2 : 0);
