import { describe, expect, it } from 'vitest';
import { markdownBars } from './results.ts';
import { carriedRows } from './summary-rows.ts';

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

describe('carriedRows', () => {
  it("keeps the rows of bars this run's results do not hold, dated by the run they came from", () => {
    const rows = carriedRows(BEFORE, new Set(['B4']));
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

  it('carries nothing without a summary before, or when every bar was measured again', () => {
    expect(carriedRows('', new Set())).toEqual([]);
    expect(carriedRows(BEFORE, new Set(['B4', 'B5', 'B10', 'B11']))).toEqual([]);
  });
});
