import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient, ME_QUERY_KEY, rememberMe } from '../../lib/query-client.ts';
import { buildMe, jsonResponse } from '../../test/render-page.tsx';
import { moderationFeature } from './moderation.feature.tsx';

/** Whether the console's pages were imported: the mock records it instead of loading them. */
const loaded = vi.hoisted(() => ({ console: false, CasePage: () => null }));
vi.mock('./console-pages.ts', () => {
  loaded.console = true;
  return { QueuePage: () => null, CasePage: loaded.CasePage, MemberHistoryPage: () => null };
});

afterEach(() => {
  queryClient.clear();
  rememberMe(null);
  vi.unstubAllGlobals();
});

const route = (path: string) =>
  moderationFeature.routes!({}).member!.find((candidate) => candidate.path === path) as RouteObject & {
    lazy: () => Promise<{ Component: unknown }>;
  };

describe('the console’s routes', () => {
  it('never download the console for a member: they get what an unknown address gives', async () => {
    queryClient.setQueryData(ME_QUERY_KEY, buildMe({ role: 'member' }));
    for (const path of ['/moderation', '/moderation/case/:id', '/moderation/member/:id']) {
      const { Component } = await route(path).lazy();
      expect(Component).toBeTypeOf('function');
    }
    expect(loaded.console).toBe(false);
  });

  it('load the console for the staff', async () => {
    queryClient.setQueryData(ME_QUERY_KEY, buildMe({ role: 'moderator' }));
    await route('/moderation').lazy();
    expect(loaded.console).toBe(true);
  });

  it('ask the profile rather than trust a member remembered from before the role was granted', async () => {
    rememberMe(buildMe({ role: 'member' }));
    vi.stubGlobal('fetch', async () => jsonResponse(200, buildMe({ role: 'admin' })));
    const { Component } = await route('/moderation/case/:id').lazy();
    expect(Component).toBe(loaded.CasePage);
  });
});
