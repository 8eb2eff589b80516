import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api-client.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('sends credentials and JSON under /api', async () => {
    const fetchMock = vi.fn(async () => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      api('/users', { method: 'PUT', body: { language: 'fr' }, query: { a: 1, b: undefined } }),
    ).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users?a=1');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"language":"fr"}');
  });

  it('never retries a 4xx and exposes the code and issues', async () => {
    const fetchMock = vi.fn(async () =>
      json(400, {
        statusCode: 400,
        code: 'validation_failed',
        message: 'x',
        issues: [{ path: 'username', code: 'username_taken', message: 'taken' }],
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const error = (await api('/auth/register', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.issues[0]?.code).toBe('username_taken');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('retries 3 times with growing delays when there is no answer', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    const result = api('/users/profile').catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    const error = (await result) as ApiError;
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(error.status).toBe(0);
    expect(error.code).toBe('network');
  });

  it('retries a 5xx and succeeds when the server recovers', async () => {
    vi.useFakeTimers();
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(503, { statusCode: 503, code: 'internal', message: 'x' }))
      .mockResolvedValueOnce(json(200, { _id: 'u1' }));
    vi.stubGlobal('fetch', fetchMock);
    const result = api('/users/profile');
    await vi.runAllTimersAsync();
    await expect(result).resolves.toEqual({ _id: 'u1' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
