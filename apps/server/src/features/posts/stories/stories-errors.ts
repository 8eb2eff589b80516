import { AppError, badRequest } from '../../../lib/app-error.ts';

/** Missing, expired, deleted, hidden by a block or by its author's state, or not yet ready. */
export const storyNotFound = () => new AppError(404, 'story_not_found');
/** A story is a photo or a video (an audio upload of use 'story' is refused). */
export const storyMediaUnsupported = () => badRequest('story_media_unsupported');
/** STORIES_PER_HOUR or STORIES_PER_DAY reached: Retry-After says when the next one is accepted. */
export const storiesLimitReached = (waitMs: number) =>
  new AppError(429, 'stories_limit_reached', {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) },
  });
