import { describe, expect, it } from 'vitest';

// How `npm test` (scripts/test.mjs) counts Vitest's report (scripts/vitest-counts.mjs): a file whose
// setup failed must fail the run. In a CI run, trilateration.test.ts's beforeAll threw, its test was
// reported skipped, Vitest exited 0 and the summary said "0 failed".

type Counts = { passed: number; failed: number };
const COUNTS_MODULE = new URL('../../../scripts/vitest-counts.mjs', import.meta.url).href;
const { vitestCounts } = (await import(COUNTS_MODULE)) as { vitestCounts: (report: unknown) => Counts };

const file = (status: 'passed' | 'failed', tests: string[]) => ({
  status,
  assertionResults: tests.map((testStatus) => ({ status: testStatus })),
});

describe('the Vitest counts of npm test', () => {
  it('counts a file whose setup failed, its tests skipped, as a failure', () => {
    const report = {
      numPassedTests: 3,
      numFailedTests: 0,
      testResults: [file('passed', ['passed', 'passed', 'passed']), file('failed', ['skipped'])],
    };
    expect(vitestCounts(report)).toEqual({ passed: 3, failed: 1 });
  });

  it('counts a failed test once, not again for its file', () => {
    const report = {
      numPassedTests: 1,
      numFailedTests: 1,
      testResults: [file('failed', ['passed', 'failed'])],
    };
    expect(vitestCounts(report)).toEqual({ passed: 1, failed: 1 });
  });

  it('counts a green run as green', () => {
    const report = {
      numPassedTests: 2,
      numFailedTests: 0,
      testResults: [file('passed', ['passed', 'passed'])],
    };
    expect(vitestCounts(report)).toEqual({ passed: 2, failed: 0 });
  });
});
