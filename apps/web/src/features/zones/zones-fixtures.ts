import type { Zone, ZoneMemberList } from '@motema/shared/zones';
import { vi } from 'vitest';
import { jsonResponse } from '../../test/render-page.tsx';

/** Test helper: a zone with `change` applied. */
export const buildZone = (change: Partial<Zone> = {}): Zone => ({
  _id: '00000000-0000-4000-8000-00000000000a',
  title: 'Kinshasa runners',
  name: 'kinrunners',
  description: 'We run along the river on Saturdays.',
  cover: null,
  coverImage: null,
  access: 'public',
  questions: [],
  members: 12,
  role: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...change,
});

export const member = (
  _id: string,
  username: string,
  role: ZoneMemberList['members'][number]['role'],
  answers: string[] = [],
  remindedAt: string | null = null,
) => ({ _id, username, role, since: '2026-11-02T10:00:00.000Z', answers, remindedAt });

type Answer = readonly [status: number, body?: unknown];

/**
 * Test helper: a `fetch` stub answering `'METHOD /api/path'` (the query string left out) from
 * `routes`; anything else is a 404. The calls are on the returned mock.
 */
export function stubApi(routes: Record<string, Answer | ((body: unknown, url: string) => Answer)>) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
    const route = routes[key];
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const [status, answer] =
      typeof route === 'function' ? route(body, url) : (route ?? [404, { code: 'not_found' }]);
    return jsonResponse(status, answer);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The calls the stub got, as `'METHOD /api/path'`. */
export const calls = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`);
