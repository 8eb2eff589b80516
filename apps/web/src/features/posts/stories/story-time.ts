import { timeAgo } from '../../../lib/time-ago.ts';

/**
 * How long ago a story was posted or seen, short as story headers say it ("3 hr. ago", "il y a 3 h",
 * "acum 3 h"): now, then minutes within the first hour, then hours (a story lasts a day).
 */
export function storyAge(iso: string, now: number, language: string): string {
  return timeAgo(iso, now, language, 'hours');
}
