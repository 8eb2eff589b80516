/**
 * The rows of the summary written before (bench/results/summary.md) that this run's results do not
 * measure again. The result files are not committed, so on a fresh clone a run of one benchmark would
 * drop every other benchmark's last figures from the summary, and a run of part of one (B4's post page
 * alone) the other lines of its bar; they are carried over instead, each marked with the run it came
 * from (the date the summary before was written, unless the row names its own). A line is the same
 * one again when its bar and its words are, whatever its figures (B1's "at half the saturating load
 * (154 req/s)" replaces its "(193 req/s)").
 */
import { barRowsOf, type BarRow } from './results.ts';

const WRITTEN_ON = /Written by `npm run bench` on (\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/;
const DATED = /\((earlier run|run of)[^)]*\d{4}-\d{2}-\d{2}[^)]*\)/;

/** A figure: a number standing alone (not a name's part: HTTP/1.1, 3G, 360p). */
const FIGURE = /(?<![\w./])\d[\d.,]*(?!\w)/g;

/** What a row measures: its bar and its words, without its run's date or its figures. */
export const lineOf = (row: Pick<BarRow, 'bar' | 'what'>) =>
  `${row.bar} ${row.what.replace(DATED, '').replace(FIGURE, '#').trim()}`;

export function carriedRows(previousSummary: string, rowsNow: readonly BarRow[]): BarRow[] {
  const written = WRITTEN_ON.exec(previousSummary);
  const date = written ? `${written[1]} ${written[2]} UTC` : 'an earlier run';
  const measured = new Set(rowsNow.map(lineOf));
  return barRowsOf(previousSummary)
    .filter((row) => !measured.has(lineOf(row)))
    .map((row) => (DATED.test(row.what) ? row : { ...row, what: `${row.what} (earlier run, ${date})` }));
}
