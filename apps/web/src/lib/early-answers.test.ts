import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render-page.tsx';
import { askEarly, takeEarlyAnswer } from './early-answers.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('answers asked for early', () => {
  it('are taken once by the same request; a later one, or another address, goes to the server', async () => {
    const fetch = vi.fn(async () => jsonResponse(200, { users: [], count: 3 }));
    vi.stubGlobal('fetch', fetch);
    askEarly('/users', { filter: 'near', limit: 12, skip: undefined });
    askEarly('/users', { filter: 'near', limit: 12 }); // the same address: asked for once
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await takeEarlyAnswer('/users', { filter: 'near', limit: 24 })).toBeUndefined();
    expect(await takeEarlyAnswer('/users', { filter: 'near', limit: 12 })).toEqual({ users: [], count: 3 });
    expect(await takeEarlyAnswer('/users', { filter: 'near', limit: 12 })).toBeUndefined();
  });

  it('are not used when they failed, so the screen asks and handles the error itself', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { code: 'unauthorized', message: 'no' })),
    );
    askEarly('/users', { filter: 'connected' });
    expect(await takeEarlyAnswer('/users', { filter: 'connected' })).toBeUndefined();
  });

  it('are not used once old: the screen asks for a fresh one', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { users: [], count: 0 })),
    );
    askEarly('/users', { filter: 'last' });
    vi.advanceTimersByTime(31_000);
    expect(await takeEarlyAnswer('/users', { filter: 'last' })).toBeUndefined();
  });
});
