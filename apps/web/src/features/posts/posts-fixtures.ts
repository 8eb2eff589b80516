import type { Comment, MediaItem, Post, PostMember } from '@motema/shared/posts';
import { vi } from 'vitest';
import { jsonResponse } from '../../test/render-page.tsx';

/** Test data of the posts screens: members, media items, posts, comments, and a stubbed API. */

export const POST_ID = '7d1c6a52-3f0e-4b8a-9c21-5a4e2f1b0c01';
export const OTHER_POST_ID = '7d1c6a52-3f0e-4b8a-9c21-5a4e2f1b0c02';

export const AMANI: PostMember = {
  _id: 'u1',
  username: 'amani',
  firstName: 'Amani',
  name: 'Amani',
  avatar: null,
};
export const KOFI: PostMember = {
  _id: 'u2',
  username: 'kofi',
  firstName: 'Kofi',
  name: 'Kofi',
  avatar: null,
};

const image = (id: string) => ({
  _id: `img-${id}`,
  width: 1200,
  height: 900,
  placeholder: 'data:image/webp;base64,AAAA',
  thumbnail: `/api/posts/${POST_ID}/media/${id}/160.webp`,
  sources: [
    { url: `/api/posts/${POST_ID}/media/${id}/480.webp`, type: 'image/webp', width: 480, height: 360 },
    { url: `/api/posts/${POST_ID}/media/${id}/1080.webp`, type: 'image/webp', width: 1080, height: 810 },
  ],
  createdAt: '2026-11-24T09:00:00.000Z',
});

export function photoItem(id = 'p1', change: Partial<MediaItem> = {}): MediaItem {
  return {
    _id: id,
    kind: 'photo',
    status: 'ready',
    error: null,
    durationMs: null,
    width: 1200,
    height: 900,
    image: image(id),
    sources: [],
    waveform: null,
    createdAt: '2026-11-24T09:00:00.000Z',
    ...change,
  } as MediaItem;
}

export function videoItem(id = 'v1', change: Partial<MediaItem> = {}): MediaItem {
  const base = `/api/posts/${POST_ID}/media/${id}/`;
  return {
    ...photoItem(id),
    kind: 'video',
    durationMs: 42_000,
    width: 854,
    height: 480,
    sources: [
      {
        url: `${base}standard.mp4`,
        type: 'video/mp4',
        quality: 'standard',
        bytes: 3_100_000,
        width: 854,
        height: 480,
      },
      {
        url: `${base}saver.mp4`,
        type: 'video/mp4',
        quality: 'saver',
        bytes: 1_050_000,
        width: 426,
        height: 240,
      },
    ],
    ...change,
  };
}

export function audioItem(id = 'a1', change: Partial<MediaItem> = {}): MediaItem {
  return {
    ...photoItem(id),
    kind: 'audio',
    image: null,
    width: null,
    height: null,
    durationMs: 125_000,
    sources: [
      {
        url: `/api/posts/${POST_ID}/media/${id}/standard.m4a`,
        type: 'audio/mp4',
        quality: 'standard',
        bytes: 1_000_000,
        width: null,
        height: null,
      },
    ],
    waveform: Array.from({ length: 64 }, (_, index) => (index * 7) % 100),
    ...change,
  };
}

export function buildPost(change: Partial<Post> = {}): Post {
  return {
    _id: POST_ID,
    author: KOFI,
    text: 'Sunset over the river in Kinshasa',
    kind: 'photo',
    visibility: 'public',
    status: 'ready',
    mediaCount: 1,
    media: [photoItem()],
    access: 'allowed',
    locked: false,
    likes: 3,
    liked: false,
    comments: 1,
    allowed: null,
    createdAt: '2026-11-24T09:00:00.000Z',
    editedAt: null,
    zone: null,
    ...change,
  };
}

/** A private post the viewer may not see: what the server answers (no text, no media). */
export const lockedPost = (change: Partial<Post> = {}) =>
  buildPost({
    visibility: 'private',
    locked: true,
    access: 'none',
    text: '',
    media: [],
    mediaCount: 3,
    ...change,
  });

export function buildComment(change: Partial<Comment> = {}): Comment {
  return {
    _id: 'c1',
    post: { _id: POST_ID },
    parent: null,
    author: KOFI,
    text: 'Beautiful light',
    likes: 0,
    liked: false,
    canEdit: false,
    canDelete: false,
    createdAt: '2026-11-24T09:05:00.000Z',
    editedAt: null,
    ...change,
  };
}

type Handler = (url: URL, init?: RequestInit) => unknown;

/** `fetch` answering "METHOD /path" from `handlers` (a Response as is, anything else as JSON 200). */
export function stubPostsApi(handlers: Record<string, Handler>) {
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const handler = handlers[`${init?.method ?? 'GET'} ${url.pathname}`];
    if (!handler) return jsonResponse(404, { statusCode: 404, code: 'not_found', message: 'Not found' });
    const answer = await handler(url, init);
    return answer instanceof Response ? answer : jsonResponse(200, answer);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The calls made, as "METHOD /path?query". */
export const callsOf = (fetch: ReturnType<typeof stubPostsApi>) =>
  fetch.mock.calls.map(([input, init]) => {
    const url = new URL(input, 'http://localhost');
    return `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
  });

/** The JSON body of the last call to "METHOD /path". */
export function bodyOf(fetch: ReturnType<typeof stubPostsApi>, call: string): unknown {
  const found = fetch.mock.calls.filter(([input, init]) => {
    const url = new URL(input, 'http://localhost');
    return `${init?.method ?? 'GET'} ${url.pathname}` === call;
  });
  const init = found.at(-1)?.[1];
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}

export const refusal = (status: number, code: string) =>
  jsonResponse(status, { statusCode: status, code, message: code });

/** A member's name as the screens put it inside a sentence (isolated: ui/member-text.tsx). */
export const iso = (name: string) => `\u2068${name}\u2069`;
