/**
 * The one shape every benchmark reports in: `bench/results/<name>.json` holds the benchmark's own
 * details plus `bars`, one row per line of the QUALITY bars it measures, each with the figure measured
 * and its reference from the same run. `bench/run.ts` reads these rows back to print one table and to
 * write `bench/results/summary.md`.
 */
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RESULTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'results');

export type BarRow = {
  /** The QUALITY id: 'B1' ... 'B7'. */
  bar: string;
  /** What is measured, e.g. 'throughput (req/s, median of 3 rounds)'. */
  what: string;
  /** The figure measured on the app, formatted with its unit, e.g. '1,234 req/s'. */
  measured: string;
  /** The reference's figure from the same run, formatted, e.g. '1,500 req/s (bare Fastify + pg)'; '' when the bar is absolute. */
  reference: string;
  /** The bar as QUALITY states it, e.g. '>= 0.8x the reference'. */
  target: string;
  /** Whether the bar is met, with the value compared (e.g. the ratio) in `value`. */
  pass: boolean;
  /** The number compared against the bar (ratio, ms, KB...), for tools. */
  value?: number;
};

export type BenchResult = {
  bench: string;
  at: string;
  machine: { cpus: number; load: number[]; node: string };
  bars: BarRow[];
  [detail: string]: unknown;
};

/** Writes `bench/results/<name>.json` with the rows and the benchmark's details; returns the path. */
export async function writeResults(
  name: string,
  bars: BarRow[],
  details: Record<string, unknown>,
): Promise<string> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  const result: BenchResult = {
    bench: name,
    at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, load: os.loadavg(), node: process.version },
    ...details,
    bars,
  };
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}

/** Every result file under bench/results (the latest run of each benchmark). */
export async function readAllResults(): Promise<BenchResult[]> {
  const files = (await readdir(RESULTS_DIR).catch(() => [] as string[])).filter((file) =>
    file.endsWith('.json'),
  );
  const results: BenchResult[] = [];
  for (const file of files.sort()) {
    const parsed = JSON.parse(await readFile(path.join(RESULTS_DIR, file), 'utf8')) as Partial<BenchResult>;
    if (Array.isArray(parsed.bars) && typeof parsed.bench === 'string') results.push(parsed as BenchResult);
  }
  return results;
}

/** '1,234' with `digits` decimals. */
export function formatNumber(value: number, digits = 0): string {
  return value.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Prints rows as an aligned text table (also used by each benchmark for its own bars). */
export function printBars(rows: BarRow[]): void {
  const header = ['bar', 'what', 'app', 'reference (same run)', 'target', 'result'];
  const lines = rows.map((row) => [
    row.bar,
    row.what,
    row.measured,
    row.reference,
    row.target,
    row.pass ? 'pass' : 'MISS',
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
}

/** The same rows as a Markdown table. */
export function markdownBars(rows: BarRow[]): string {
  const escape = (cell: string) => cell.replaceAll('|', '\\|');
  return [
    '| bar | what | app | reference (same run) | target | result |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.bar} | ${escape(row.what)} | ${escape(row.measured)} | ${escape(row.reference)} | ${escape(row.target)} | ${row.pass ? 'pass' : '**miss**'} |`,
    ),
  ].join('\n');
}

/** The rows of the tables `markdownBars` wrote in `markdown` (every other line is left aside). */
export function barRowsOf(markdown: string): BarRow[] {
  const rows: BarRow[] = [];
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('| B') || !line.endsWith(' |')) continue;
    const cells = line
      .slice(2, -2)
      .split(' | ')
      .map((cell) => cell.replaceAll('\\|', '|'));
    const [bar = '', what = '', measured = '', reference = '', target = '', result = ''] = cells;
    if (cells.length === 6 && /^B\d+$/.test(bar))
      rows.push({ bar, what, measured, reference, target, pass: result === 'pass' });
  }
  return rows;
}
