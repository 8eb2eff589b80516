import { describe, expect, it } from 'vitest';
import { markdownBars, type BarRow } from './results.ts';
import { carriedRows, lineOf } from './summary-rows.ts';

const BEFORE = `# Benchmark summary

Written by \`npm run bench\` on 2026-12-03T11:42:13.435Z (2 cores, load 4.5 / 3.0 / 3.4). Each row's reference ran in the same benchmark run; rows marked with a date come from
an earlier run of that benchmark.

${markdownBars([
  {
    bar: 'B4',
    what: 'home usable, repeat',
    measured: '5.92 s',
    reference: '1.41 s',
    target: '<= 1.0 s',
    pass: false,
  },
  {
    bar: 'B5',
    what: 'start page JS+CSS',
    measured: '149.9 KB',
    reference: '57.0 KB',
    target: '<= 150.0 KB',
    pass: true,
  },
  {
    bar: 'B10',
    what: 'search p95 (earlier run, 2026-12-02 14:10 UTC)',
    measured: '69.9 ms',
    reference: 'a | b',
    target: '<= 20 ms',
    pass: false,
  },
  {
    bar: 'B11',
    what: 'camera to viewer (run of 2026-12-03 07:06 UTC)',
    measured: '5.3 s',
    reference: '',
    target: '<= 6 s',
    pass: true,
  },
])}

No result yet: chat.
`;

/** A row measured again by this run, as its result file gives it. */
const measuredNow = (bar: string, what: string): BarRow => ({
  bar,
  what,
  measured: '1 s',
  reference: '',
  target: '',
  pass: true,
});

describe('carriedRows', () => {
  it("keeps the rows this run's results do not measure, dated by the run they came from", () => {
    const rows = carriedRows(BEFORE, [measuredNow('B4', 'home usable, repeat')]);
    expect(rows.map((row) => row.bar)).toEqual(['B5', 'B10', 'B11']);
    expect(rows[0]).toEqual({
      bar: 'B5',
      what: 'start page JS+CSS (earlier run, 2026-12-03 11:42 UTC)',
      measured: '149.9 KB',
      reference: '57.0 KB',
      target: '<= 150.0 KB',
      pass: true,
    });
    // A row that names its run keeps that date; a bar inside a cell and an empty cell survive.
    expect(rows[1]).toMatchObject({
      what: 'search p95 (earlier run, 2026-12-02 14:10 UTC)',
      reference: 'a | b',
      pass: false,
    });
    expect(rows[2]).toMatchObject({
      what: 'camera to viewer (run of 2026-12-03 07:06 UTC)',
      reference: '',
      target: '<= 6 s',
    });
  });

  it("keeps a bar's other lines when a run measured part of it, and replaces a line whatever its figures", () => {
    const rows = carriedRows(BEFORE, [
      measuredNow('B4', 'post LCP, cold'),
      measuredNow('B10', 'search p95'),
      measuredNow('B11', 'camera to viewer'),
    ]);
    expect(rows.map((row) => row.what)).toEqual([
      'home usable, repeat (earlier run, 2026-12-03 11:42 UTC)',
      'start page JS+CSS (earlier run, 2026-12-03 11:42 UTC)',
    ]);
    // Names keep their digits: HTTP/1.1 and HTTP/2 are two lines.
    expect(lineOf({ bar: 'B4', what: 'home usable, cold, HTTP/1.1 (Regular 3G, median of 3)' })).not.toBe(
      lineOf({ bar: 'B4', what: 'home usable, cold, HTTP/2 (Regular 3G, median of 3)' }),
    );
    expect(lineOf({ bar: 'B1', what: 'p99 at half the saturating load (154 req/s)' })).toBe(
      lineOf({
        bar: 'B1',
        what: 'p99 at half the saturating load (1,193 req/s) (earlier run, 2026-12-04 10:00 UTC)',
      }),
    );
  });

  it('carries nothing without a summary before, or when every line was measured again', () => {
    expect(carriedRows('', [])).toEqual([]);
    const again = ['home usable, repeat', 'start page JS+CSS', 'search p95', 'camera to viewer'];
    expect(
      carriedRows(
        BEFORE,
        again.map((what, i) => measuredNow(['B4', 'B5', 'B10', 'B11'][i]!, what)),
      ),
    ).toEqual([]);
  });
});
