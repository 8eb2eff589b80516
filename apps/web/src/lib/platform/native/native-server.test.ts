import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHELL_SESSION_HEADER } from '@motema/shared/shell-session';
import { jsonResponse } from '../../../test/render-page.tsx';
import { api, serverFetch, uploadForm } from '../../api-client.ts';
import { endSession } from '../../query-client.ts';
import { server, webServer } from '../server.ts';
import { fakeShellPlugins, shellRouter } from './native-fixtures.ts';
import { startNativeShell, stopFollowingServerMedia } from './start.ts';

// A worker's test files share one document: the media follower of a started shell stops with its test.
afterEach(stopFollowingServerMedia);

const SERVER = 'https://api.motema.test';
const TOKEN = 'a'.repeat(43);
const KEY = 'motema.session';

/** The API as the server answers the bundled copy: a sign-in gives the token in its header. */
function fakeApi() {
  const fetch = vi.fn(async (input: string, _init?: RequestInit) => {
    if (input.endsWith('/api/auth/login'))
      return new Response('{"username":"amani"}', {
        status: 200,
        headers: { 'content-type': 'application/json', [SHELL_SESSION_HEADER]: TOKEN },
      });
    return jsonResponse(200, {});
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const headersOf = (init: RequestInit | undefined) => (init?.headers ?? {}) as Record<string, string>;

let fetch: ReturnType<typeof fakeApi>;
beforeEach(() => {
  fetch = fakeApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  Object.assign(server, webServer);
});

// Decision 0052: the bundled copy calls the server's origin with a bearer kept in secure storage.
describe('the native shell’s server', () => {
  it('sends every call to the server’s origin and keeps the token a sign-in answers in secure storage', async () => {
    const plugins = fakeShellPlugins();
    await startNativeShell(shellRouter(), plugins.asPlugins(), SERVER);
    await api('/auth/login', { method: 'POST', body: { identifier: 'amani', password: 'x' } });
    expect(fetch.mock.calls[0]![0]).toBe(`${SERVER}/api/auth/login`);
    expect(headersOf(fetch.mock.calls[0]![1]).authorization).toBeUndefined();
    expect(plugins.secureStorage.items.get(KEY)).toBe(TOKEN);

    await api('/users/profile', { query: { a: 1 } });
    const [url, init] = fetch.mock.calls.at(-1)!;
    expect(url).toBe(`${SERVER}/api/users/profile?a=1`);
    expect(headersOf(init).authorization).toBe(`Bearer ${TOKEN}`);
    // Not the token in the URL (Z: what gets logged), and not in the web view's localStorage.
    expect(url).not.toContain(TOKEN);
    expect(JSON.stringify({ ...localStorage })).not.toContain(TOKEN);
  });

  it('fetches the server’s own paths (a live’s playlists and segments) on its origin with the token', async () => {
    const plugins = fakeShellPlugins({ kept: { [KEY]: TOKEN } });
    await startNativeShell(shellRouter(), plugins.asPlugins(), SERVER);
    await serverFetch('/api/lives/1/hls/master.m3u8');
    const [url, init] = fetch.mock.calls.at(-1)!;
    expect(url).toBe(`${SERVER}/api/lives/1/hls/master.m3u8`);
    expect(headersOf(init).authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('opens the next start with the kept token, and forgets it when the session ends', async () => {
    const plugins = fakeShellPlugins({ kept: { [KEY]: TOKEN } });
    await startNativeShell(shellRouter(), plugins.asPlugins(), SERVER);
    await api('/users/profile');
    expect(headersOf(fetch.mock.calls.at(-1)![1]).authorization).toBe(`Bearer ${TOKEN}`);

    endSession(new QueryClient(), () => {}, '/login');
    await vi.waitFor(() => expect(plugins.secureStorage.items.has(KEY)).toBe(false));
    await api('/users/profile');
    expect(headersOf(fetch.mock.calls.at(-1)![1]).authorization).toBeUndefined();
  });

  it('holds the first page’s calls until the platform has started, then sends them to the server', async () => {
    vi.stubGlobal('Capacitor', { isNativePlatform: () => true });
    const early = api('/users/profile');
    await Promise.resolve();
    expect(fetch).not.toHaveBeenCalled();
    // Released once the server is bound, before push has the system's answer (which may never come).
    const plugins = fakeShellPlugins({ kept: { [KEY]: TOKEN }, permission: 'granted' });
    plugins.push.register.mockImplementation(() => new Promise(() => {}));
    void startNativeShell(shellRouter(), plugins.asPlugins(), SERVER);
    await early;
    expect(fetch.mock.calls[0]![0]).toBe(`${SERVER}/api/users/profile`);
    expect(headersOf(fetch.mock.calls[0]![1]).authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('uploads to the server’s origin with the token', async () => {
    const sent: { url: string; headers: Record<string, string> }[] = [];
    class FakeXhr {
      upload = {};
      status = 201;
      responseText = '{"_id":"p1"}';
      headers: Record<string, string> = {};
      url = '';
      onload = () => {};
      open(_method: string, url: string) {
        this.url = url;
      }
      setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
      }
      send() {
        sent.push({ url: this.url, headers: this.headers });
        this.onload();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    await startNativeShell(shellRouter(), fakeShellPlugins({ kept: { [KEY]: TOKEN } }).asPlugins(), SERVER);
    await uploadForm('/photos', new FormData());
    expect(sent).toEqual([
      {
        url: `${SERVER}/api/photos`,
        headers: { accept: 'application/json', authorization: `Bearer ${TOKEN}` },
      },
    ]);
  });
});

describe('in a browser', () => {
  it('calls its own origin by path with the cookie alone, and keeps no token it is sent', async () => {
    await api('/auth/login', { method: 'POST', body: {} });
    await api('/users/profile');
    const [url, init] = fetch.mock.calls.at(-1)!;
    expect(url).toBe('/api/users/profile');
    expect(init?.credentials).toBe('include');
    expect(headersOf(init).authorization).toBeUndefined();
  });
});
