/**
 * `npm run bench` runs every benchmark (`bench/<name>.bench.ts`) one after the other;
 * `npm run bench -- near` runs the ones whose name contains `near`. Arguments after `--` that start
 * with `--` go to each benchmark (e.g. `npm run bench -- near --members 100000`). Each benchmark
 * prints its table and writes `bench/results/<name>.json`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

let failed = 0;
for (const name of chosen) {
  console.log(`\n== ${name}`);
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(benchDir, `${name}.bench.ts`), ...options],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) {
    failed += 1;
    console.error(`${name} exited with ${result.status ?? result.signal}`);
  }
}
process.exit(failed === 0 ? 0 : 1);
