/**
 * The rows of the summary written before (bench/results/summary.md) for the bars no result file here
 * holds. The result files are not committed, so on a fresh clone a run of one benchmark would drop
 * every other benchmark's last figures from the summary; they are carried over instead, each marked
 * with the run it came from (the date the summary before was written, unless the row names its own).
 */
import { barRowsOf, type BarRow } from './results.ts';

const WRITTEN_ON = /Written by `npm run bench` on (\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/;
const DATED = /\((earlier run|run of)[^)]*\d{4}-\d{2}-\d{2}[^)]*\)/;

export function carriedRows(previousSummary: string, barsNow: ReadonlySet<string>): BarRow[] {
  const written = WRITTEN_ON.exec(previousSummary);
  const date = written ? `${written[1]} ${written[2]} UTC` : 'an earlier run';
  return barRowsOf(previousSummary)
    .filter((row) => !barsNow.has(row.bar))
    .map((row) => (DATED.test(row.what) ? row : { ...row, what: `${row.what} (earlier run, ${date})` }));
}
