import type { MediaItem, PostMember, Story, StoryTray } from '@motema/shared/posts';
import { vi } from 'vitest';
import { jsonResponse } from '../../../test/render-page.tsx';

/** A member as stories show them. */
export function buildStoryMember(id: string, firstName: string): PostMember {
  return { _id: id, username: firstName.toLowerCase(), firstName, name: `${firstName} K.`, avatar: null };
}

const image = (id: string) => ({
  _id: id,
  width: 720,
  height: 1280,
  placeholder: 'data:image/webp;base64,AAAA',
  thumbnail: `/media/${id}/160.webp`,
  sources: [
    { url: `/media/${id}/480.webp`, width: 480, type: 'image/webp' as const },
    { url: `/media/${id}/720.webp`, width: 720, type: 'image/webp' as const },
  ],
  createdAt: '2026-11-24T08:00:00.000Z',
});

/** A story's ready photo or video (a video: 12 s, with its standard and data-saver files). */
export function buildStoryMedia(id: string, kind: 'photo' | 'video' = 'photo'): MediaItem {
  return {
    _id: id,
    kind,
    status: 'ready',
    error: null,
    durationMs: kind === 'video' ? 12_000 : null,
    width: 720,
    height: 1280,
    image: image(id),
    sources:
      kind === 'video'
        ? [
            {
              url: `/api/stories/s/media/${id}/standard.mp4`,
              type: 'video/mp4',
              quality: 'standard',
              bytes: 900_000,
              width: 480,
              height: 854,
            },
            {
              url: `/api/stories/s/media/${id}/saver.mp4`,
              type: 'video/mp4',
              quality: 'saver',
              bytes: 300_000,
              width: 240,
              height: 426,
            },
          ]
        : [],
    waveform: null,
    createdAt: '2026-11-24T08:00:00.000Z',
  };
}

let minute = 0;

/** A story of `author`, posted a few minutes after the previous one built. */
export function buildStory(
  id: string,
  author: PostMember,
  change: Partial<Story> & { kind?: 'photo' | 'video' } = {},
): Story {
  minute += 1;
  const { kind = 'photo', ...rest } = change;
  const created = new Date(Date.UTC(2026, 10, 24, 8, minute)).toISOString();
  return {
    _id: id,
    author,
    media: buildStoryMedia(`m-${id}`, kind),
    caption: '',
    visibility: 'public',
    allowed: null,
    seen: false,
    views: null,
    createdAt: created,
    expiresAt: new Date(Date.parse(created) + 24 * 3600_000).toISOString(),
    ...rest,
  };
}

export function buildTray(...entries: { member: PostMember; stories: Story[] }[]): StoryTray {
  return {
    members: entries.map((entry) => ({ ...entry, unseen: entry.stories.some((story) => !story.seen) })),
  };
}

type Answer = unknown | ((request: { method: string; url: URL; body: unknown }) => unknown);

/**
 * Stubs `fetch` for the stories' API: `routes` maps "METHOD /api/path" to an answer (a JSON body, a
 * Response, or a function of the request); anything else is a 404. Returns the requests made.
 */
export function stubStoriesApi(routes: Record<string, Answer>) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method, path: url.pathname, body });
      const answer = routes[`${method} ${url.pathname}`];
      if (answer === undefined) return jsonResponse(404, { code: 'not_found', message: 'Not found' });
      const value = typeof answer === 'function' ? answer({ method, url, body }) : answer;
      if (value instanceof Response) return value;
      return value === null ? jsonResponse(204) : jsonResponse(200, value);
    }),
  );
  return requests;
}
