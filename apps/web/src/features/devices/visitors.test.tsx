import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicLayout } from '../../layouts/public-layout.tsx';
import { buildMe, jsonResponse, renderPage } from '../../test/render-page.tsx';
import { recordVisitOncePerDay } from './visitors.api.ts';

const DAY = 86_400_000;

describe('recording visits', () => {
  let fetch: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    localStorage.clear();
    fetch = vi.fn(async (_url: string, init: RequestInit) =>
      jsonResponse(201, { ...JSON.parse(String(init.body)), _id: 'v1', createdAt: new Date().toISOString() }),
    );
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://news.example/story?id=42');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const visits = () =>
    fetch.mock.calls
      .filter(([url]) => url === '/api/visitors')
      .map(([, init]) => JSON.parse(String((init as RequestInit).body)));

  it('sends one visit a day per device: the language, the referrer (the server keeps its origin), the platform', async () => {
    const now = Date.now();
    await recordVisitOncePerDay(now);
    await recordVisitOncePerDay(now + 60_000);
    expect(visits()).toEqual([
      { language: 'en', referrer: 'https://news.example/story?id=42', platform: 'web' },
    ]);
    await recordVisitOncePerDay(now + DAY);
    expect(visits()).toHaveLength(2);
  });

  it('sends no referrer when the visit came from nowhere (typed, a bookmark)', async () => {
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('');
    await recordVisitOncePerDay();
    expect(visits()[0]).toMatchObject({ referrer: null });
  });

  it('tries again at the next page when the server did not take it', async () => {
    fetch.mockImplementationOnce(async () =>
      jsonResponse(429, { statusCode: 429, code: 'rate_limited', message: 'x' }),
    );
    await expect(recordVisitOncePerDay()).rejects.toBeTruthy();
    await recordVisitOncePerDay();
    expect(visits()).toHaveLength(2);
    await recordVisitOncePerDay();
    expect(visits()).toHaveLength(2);
  });

  it('is recorded by the public pages for a visitor, never for a member', async () => {
    renderPage('/', <PublicLayout />, { me: buildMe() });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(visits()).toHaveLength(0);

    renderPage('/', <PublicLayout />, { me: null });
    await waitFor(() => expect(visits()).toHaveLength(1));
  });
});
