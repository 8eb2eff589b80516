import { describe, expect, it } from 'vitest';
import { describeDiskQuiet } from './chat-windows-report.ts';

const limit = (paused: number) => 1.5 * paused + 5;

describe("B9's reading over the windows in which the disk did not stall", () => {
  it('gives no verdict when a kind has fewer than two such windows', () => {
    const text = describeDiskQuiet(
      { paused: { windows: 1, p99: 29.4 }, running: { windows: 4, p99: 30 } },
      limit,
    );
    expect(text).toContain('the disk gave no reading');
    expect(text).not.toMatch(/within/);
  });

  it("says whether the running windows' p99 is within the limit of the paused windows'", () => {
    const quiet = { paused: { windows: 3, p99: 20 }, running: { windows: 2, p99: 35 } };
    expect(describeDiskQuiet(quiet, limit)).toContain('(limit 35.0 ms: within)');
    const slow = { ...quiet, running: { windows: 2, p99: 35.1 } };
    expect(describeDiskQuiet(slow, limit)).toContain('(limit 35.0 ms: not within)');
  });
});
