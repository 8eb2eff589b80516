import { hashKey } from '@tanstack/react-query';
import type { StoryTray } from '@motema/shared/posts';
import type { KeepPolicy } from '../../../lib/persisted-queries.ts';

/** The tray's members kept on the device: a phone's first screen shows five or six. */
export const KEPT_TRAY_MEMBERS = 12;

/** Home's story tray, as `useStoryTrayQuery` asks for it (stories.api.ts's `storyKeys.tray()`). */
export const STORY_TRAY_KEY = ['stories', 'tray'] as const;
const trayHash = hashKey(STORY_TRAY_KEY);

/**
 * The stories' queries kept on the device (lib/persisted-queries.ts): home's tray, its first members,
 * so that a repeat visit draws it at once from the last visit (its avatars from the HTTP cache), then
 * asks for it again. Declared by the home layout as well as by stories.api.ts: a visit that starts on
 * another screen saves what the device keeps before any story code loads, and a query no declared
 * policy keeps is dropped then.
 */
export const storiesKeptQueries: KeepPolicy = {
  keeps: (queryKey) => hashKey(queryKey) === trayHash,
  bound: (queries) =>
    queries.map((query) => ({
      ...query,
      data: { members: (query.data as StoryTray).members.slice(0, KEPT_TRAY_MEMBERS) },
    })),
};
