import { PUSH_MAX_PER_HOUR } from '@motema/shared/notifications';

/**
 * Whether a push with this tag may go, given the tags of the pushes the member got in the last hour
 * (one per push). A push replacing one of the same tag on the lock screen (a conversation's next
 * messages) counts once with it: it is always allowed once its tag went this hour, and a new tag is
 * allowed while fewer than `max` distinct tags went.
 */
export function pushAllowed(
  tagsThisHour: readonly string[],
  tag: string,
  max: number = PUSH_MAX_PER_HOUR,
): boolean {
  const tags = new Set(tagsThisHour);
  return tags.has(tag) || tags.size < max;
}
