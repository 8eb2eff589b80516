/** Test helpers of discovery: cards, a stubbed API and a controllable IntersectionObserver. */
import type { UserCard, UserList, UserListFilter } from '@motema/shared/discovery';
import { vi } from 'vitest';
import { jsonResponse } from '../../test/render-page.tsx';

export function buildCard(index: number, change: Partial<UserCard> = {}): UserCard {
  return {
    _id: `member-${index}`,
    username: `member${index}`,
    firstName: `Member${index}`,
    name: `Member${index} Test`,
    age: 20 + (index % 40),
    sex: 'male',
    verified: false,
    avatar: null,
    activity: 'earlier',
    distance: null,
    ...change,
  };
}

export const cards = (from: number, count: number) =>
  Array.from({ length: count }, (_, offset) => buildCard(from + offset));

type ListAnswer = UserList | ((query: URLSearchParams) => UserList | Promise<UserList>);

/**
 * Stubs `fetch`: GET /api/users answers from `lists` by filter (empty when missing), other calls from
 * `others` by "METHOD /path" (204 when missing). Returns the mock to inspect the calls.
 */
export function stubApi(
  lists: Partial<Record<UserListFilter, ListAnswer>>,
  others: Record<string, (body: unknown) => Response | Promise<Response>> = {},
) {
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/users') {
      const filter = (url.searchParams.get('filter') ?? 'users') as UserListFilter;
      const answer = lists[filter];
      const list = typeof answer === 'function' ? await answer(url.searchParams) : answer;
      return jsonResponse(200, list ?? { users: [], count: 0 });
    }
    const handler = others[`${method} ${url.pathname}`];
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    if (handler) return handler(body);
    // Home also shows the badges (and clears the notifications one).
    if (url.pathname === '/api/counters' || url.pathname === '/api/counters/notifications') {
      return jsonResponse(200, { messages: 0, conversations: 0, notifications: 0 });
    }
    return jsonResponse(204);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The requests made to GET /api/users, as their query parameters. */
export function listRequests(fetch: ReturnType<typeof stubApi>, filter?: UserListFilter): URLSearchParams[] {
  return fetch.mock.calls
    .map(([input, init]) => [new URL(input, 'http://localhost'), init?.method ?? 'GET'] as const)
    .filter(([url, method]) => method === 'GET' && url.pathname === '/api/users')
    .map(([url]) => url.searchParams)
    .filter((query) => !filter || query.get('filter') === filter);
}

/** IntersectionObserver under the test's control: `show(element)` tells its observers it is on screen. */
export function stubIntersectionObserver() {
  const observers: { element: Element; margin: string; callback: IntersectionObserverCallback }[] = [];
  class FakeObserver {
    private readonly callback: IntersectionObserverCallback;
    private readonly margin: string;
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.callback = callback;
      this.margin = options?.rootMargin ?? '0px';
    }
    observe(element: Element) {
      observers.push({ element, margin: this.margin, callback: this.callback });
    }
    disconnect() {
      for (let i = observers.length - 1; i >= 0; i -= 1)
        if (observers[i]!.callback === this.callback) observers.splice(i, 1);
    }
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    /** Every element observed with this root margin. */
    observed: (margin: string) => observers.filter((o) => o.margin === margin).map((o) => o.element),
    set(element: Element, isIntersecting: boolean) {
      for (const observer of observers.filter((o) => o.element === element)) {
        const entry = { isIntersecting, target: element } as IntersectionObserverEntry;
        observer.callback([entry], {} as IntersectionObserver);
      }
    },
  };
}
