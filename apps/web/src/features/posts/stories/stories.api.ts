import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MediaItem, Story, StoryTray, StoryViewers } from '@motema/shared/posts';
import type { StoryCreateInput } from '@motema/shared/story-create';
import { api } from '../../../lib/api-client.ts';
import { keepOnDevice, keptStart } from '../../../lib/persisted-queries.ts';
import { STORY_TRAY_KEY, storiesKeptQueries } from './stories-kept.ts';

/**
 * Stories (the tray on home, a member's stories on their profile, the viewer, the composer). The
 * tray is asked for once a minute at most: stories last a day, a minute late is no loss.
 */
export const storyKeys = {
  all: ['stories'] as const,
  tray: () => STORY_TRAY_KEY,
  member: (userId: string) => ['stories', 'member', userId] as const,
  viewers: (storyId: string) => ['stories', 'viewers', storyId] as const,
};

const storyPath = (id: string) => `/stories/${encodeURIComponent(id)}`;

// The tray is kept on the device with home's lists (stories-kept.ts).
keepOnDevice(storiesKeptQueries);

export function useStoryTrayQuery(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: storyKeys.tray(),
    queryFn: ({ signal }) => api<StoryTray>('/stories', { signal }),
    enabled: options.enabled,
    // The last visit's tray: stories came and went since.
    ...keptStart<StoryTray>(storyKeys.tray()),
    staleTime: 60_000,
    // The tray is a nicety on top of home: a failure leaves it as it was, without a notice.
    meta: { silent: true },
  });
}

/** A member's current stories (the profile's stories tab), oldest first as the viewer plays them. */
export function useMemberStoriesQuery(userId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: storyKeys.member(userId),
    queryFn: ({ signal }) =>
      api<{ stories: Story[] }>(`/users/${encodeURIComponent(userId)}/stories`, { signal }).then(
        (answer) => answer.stories,
      ),
    enabled: options.enabled !== false && userId !== '',
  });
}

/** Who saw one of the member's own stories (the author only). */
export function useStoryViewersQuery(storyId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: storyKeys.viewers(storyId),
    queryFn: ({ signal }) => api<StoryViewers>(`${storyPath(storyId)}/viewers`, { signal }),
    enabled: options.enabled !== false,
  });
}

/** Every cached story through `change` (the tray's and each member's), the tray's `unseen` kept true to them. */
function changeCachedStories(queryClient: QueryClient, change: (story: Story) => Story | null) {
  const changeList = (stories: Story[]) =>
    stories.flatMap((story) => {
      const next = change(story);
      return next ? [next] : [];
    });
  queryClient.setQueryData<StoryTray>(storyKeys.tray(), (tray) =>
    tray
      ? {
          members: tray.members.flatMap((entry) => {
            const stories = changeList(entry.stories);
            return stories.length > 0
              ? [{ ...entry, stories, unseen: stories.some((story) => !story.seen) }]
              : [];
          }),
        }
      : tray,
  );
  for (const [key, stories] of queryClient.getQueriesData<Story[]>({ queryKey: ['stories', 'member'] }))
    if (stories) queryClient.setQueryData(key, changeList(stories));
}

/**
 * The stories marked seen in this page's life, by viewer and story: each is told to the server once
 * (another member signing in on the same page tells their own).
 */
const told = new Set<string>();

/**
 * Marks a story seen by `viewerId` (POST /api/stories/{id}/views, idempotent on the server), once
 * per page's life, and at once in the caches so the tray's ring turns grey when the viewer closes.
 */
export function markStorySeen(queryClient: QueryClient, story: Story, viewerId: string): void {
  if (!story.seen) changeCachedStories(queryClient, (s) => (s._id === story._id ? { ...s, seen: true } : s));
  const key = `${viewerId}:${story._id}`;
  if (story.seen || told.has(key)) return;
  told.add(key);
  void api<void>(`${storyPath(story._id)}/views`, { method: 'POST' }).catch(() => {
    // Not counted this time (offline, the story gone): the next viewing tells it again.
    told.delete(key);
  });
}

/** Deletes one of the member's own stories (DELETE /api/stories/{id}). */
export const deleteStory = (storyId: string) => api<void>(storyPath(storyId), { method: 'DELETE' });

/** Deletes one of the member's own stories, and takes it out of the caches. */
export function useDeleteStoryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStory,
    onSuccess: (_nothing, storyId) => changeCachedStories(queryClient, (s) => (s._id === storyId ? null : s)),
  });
}

/**
 * Posts a story of an uploaded item (its own upload with use 'story', ready or still processing), for
 * everyone or, private, for the members chosen.
 */
export function useCreateStoryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StoryCreateInput) => api<Story>('/stories', { method: 'POST', body: input }),
    // The composer says what went wrong (a limit, a refused file) in its own words.
    meta: { form: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: storyKeys.all }),
  });
}

/** The owner's own upload, while the media worker encodes it (GET /api/media/uploads/{id}). */
export function fetchUpload(itemId: string, signal?: AbortSignal): Promise<MediaItem> {
  return api<MediaItem>(`/media/uploads/${encodeURIComponent(itemId)}`, { signal });
}
