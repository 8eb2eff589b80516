import { STORIES_PER_DAY, STORIES_PER_HOUR } from '@motema/shared/posts';

export const HOUR_MS = 60 * 60_000;
export const DAY_MS = 24 * HOUR_MS;

/**
 * How long the member must wait before their next story, or 0: `times` are when their stories of
 * the last day were created, newest first (at least STORIES_PER_DAY of them when there are that
 * many). Each window frees a place when the oldest of its last `limit` stories leaves it; when both
 * are full, the later of the two.
 */
export function storyWaitMs(times: readonly Date[], now: Date): number {
  const waitFor = (limit: number, windowMs: number) => {
    const oldest = times[limit - 1];
    if (!oldest) return 0;
    return Math.max(0, oldest.getTime() + windowMs - now.getTime());
  };
  return Math.max(waitFor(STORIES_PER_HOUR, HOUR_MS), waitFor(STORIES_PER_DAY, DAY_MS));
}
