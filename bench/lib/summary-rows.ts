/**
 * The rows of the summary written before (bench/results/summary.md) for the bars no result file here
 * holds. The result files are not committed, so on a fresh clone a run of one benchmark would drop
 * every other benchmark's last figures from the summary; they are carried over instead, each marked
 * with the run it came from (the date the summary before was written, unless the row names its own).
 */
import type { BarRow } from './results.ts';

const WRITTEN_ON = /Written by `npm run bench` on (\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/;
const DATED = /\((earlier run|run of)[^)]*\d{4}-\d{2}-\d{2}[^)]*\)/;

export function carriedRows(previousSummary: string, barsNow: ReadonlySet<string>): BarRow[] {
  const written = WRITTEN_ON.exec(previousSummary);
  const date = written ? `${written[1]} ${written[2]} UTC` : 'an earlier run';
  const rows: BarRow[] = [];
  for (const line of previousSummary.split('\n')) {
    const cells = tableCells(line);
    if (!cells || cells.length !== 6 || !/^B\d+$/.test(cells[0]!) || barsNow.has(cells[0]!)) continue;
    const [bar, what, measured, reference, target, result] = cells as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    rows.push({
      bar,
      what: DATED.test(what) ? what : `${what} (earlier run, ${date})`,
      measured,
      reference,
      target,
      pass: result === 'pass',
    });
  }
  return rows;
}

/** A Markdown table line's cells (`\|` is a bar inside a cell), or null for any other line. */
function tableCells(line: string): string[] | null {
  if (!line.startsWith('| ') || !line.endsWith(' |')) return null;
  return line
    .slice(2, -2)
    .split(' | ')
    .map((cell) => cell.replaceAll('\\|', '|'));
}
