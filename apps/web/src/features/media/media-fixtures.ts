/** Test helpers of media: photos, a stubbed JSON API and a controllable XMLHttpRequest for uploads. */
import { skipToken, useQuery } from '@tanstack/react-query';
import { PHOTO_WIDTHS, type Image, type PhotoList } from '@motema/shared/media';
import type { Me } from '@motema/shared/users';
import { vi } from 'vitest';
import { ME_QUERY_KEY } from '../../lib/query-client.ts';
import { jsonResponse } from '../../test/render-page.tsx';

/**
 * The member of the test's cached profile (seeded by `renderPage`), re-rendering on each change: what
 * the pages embedding media's components pass them. It never fetches.
 */
export function useCachedMember() {
  return useQuery<Me | null>({ queryKey: ME_QUERY_KEY, queryFn: skipToken }).data;
}

/** A stored photo as the API answers it, with every served variant. */
export function buildImage(id: string, change: Partial<Image> = {}): Image {
  return {
    _id: id,
    width: 1080,
    height: 1350,
    placeholder: 'data:image/webp;base64,UklGRg==',
    thumbnail: `/api/media/${id}/160.webp`,
    sources: PHOTO_WIDTHS.flatMap((width) => [
      { url: `/api/media/${id}/${width}.avif`, width, type: 'image/avif' as const },
      { url: `/api/media/${id}/${width}.webp`, width, type: 'image/webp' as const },
    ]),
    createdAt: '2026-01-02T00:00:00.000Z',
    ...change,
  };
}

export const photoList = (...photos: Image[]): PhotoList => ({ photos, count: photos.length });

type Handler = (body: unknown) => Response | Promise<Response>;

/**
 * Stubs `fetch` by "METHOD /path": GET /api/photos answers `photos()` (read at each call, so a test
 * can change it), the rest from `others` (204 when missing). Returns the mock to inspect the calls.
 */
export function stubMediaApi(photos: () => PhotoList, others: Record<string, Handler> = {}) {
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/photos') return jsonResponse(200, photos());
    const handler = others[`${method} ${url.pathname}`];
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    return handler ? handler(body) : jsonResponse(204);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The calls of a `fetch` mock as "METHOD /path" with their parsed JSON body. */
export function callsOf(fetch: ReturnType<typeof stubMediaApi>) {
  return fetch.mock.calls.map(([input, init]) => ({
    request: `${init?.method ?? 'GET'} ${new URL(input, 'http://localhost').pathname}`,
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
  }));
}

/** One upload as the browser would run it; the test plays the network with `progress`, `respond`, `fail`. */
export class FakeUpload {
  method = '';
  url = '';
  withCredentials = false;
  readonly headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }

  send(body: unknown) {
    this.body = body;
    FakeUpload.sent.push(this);
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** The browser reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  respond(status: number, body?: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }

  /** No answer: the connection dropped. */
  fail() {
    this.onerror?.();
  }

  /** The uploads sent since `installFakeUpload()`. */
  static sent: FakeUpload[] = [];
}

/** Replaces XMLHttpRequest with `FakeUpload` (undo with `vi.unstubAllGlobals()`). */
export function installFakeUpload(): FakeUpload[] {
  FakeUpload.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  return FakeUpload.sent;
}

/** A picked file of `type`, claiming `size` bytes without allocating them. */
export function pickedFile(name: string, type: string, size = 2048): File {
  const file = new File([new Uint8Array(16)], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
