import type { PeriodicJob } from '../../../jobs/periodic.ts';
import { clock } from '../../../lib/clock.ts';
import type { FeatureContext } from '../../../modules/feature-module.ts';
import { livesNotKept } from './live-media.repository.ts';
import { deleteLiveFiles } from './live-storage.ts';

const HOUR = 3_600_000;
/** How far back the sweep looks past the keeping time: a node down for a day still sweeps. */
const SWEEP_LOOKBACK_MS = 48 * HOUR;

/**
 * The files of lives their broadcasters ended and did not keep within LIVE_KEEP_HOURS are removed:
 * nothing of a live stays unless kept as a post. Removing is idempotent (a folder already gone).
 */
export const liveKeptSweep: PeriodicJob<FeatureContext> = {
  name: 'live kept sweep',
  everyMs: HOUR,
  atStart: true,
  run: async ({ deps }) => {
    const until = clock.now().getTime() - deps.env.LIVE_KEEP_HOURS * HOUR;
    const over = await livesNotKept(deps.db, new Date(until - SWEEP_LOOKBACK_MS), new Date(until));
    for (const id of over) await deleteLiveFiles(deps, id, { keep: false });
  },
};
