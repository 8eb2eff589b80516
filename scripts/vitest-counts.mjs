/**
 * Passed and failed tests from Vitest's JSON report. A test file whose setup failed (a `beforeAll`
 * that threw) reports its tests as skipped and none as failed, and Vitest has been seen to exit 0
 * after one: such a file counts as one failure, so the summary cannot call the run green.
 */
export function vitestCounts(report) {
  const failedTests = Number(report.numFailedTests) || 0;
  const filesFailedWithoutATest = (report.testResults ?? []).filter(
    (file) =>
      file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  return { passed: Number(report.numPassedTests) || 0, failed: failedTests + filesFailedWithoutATest };
}
