import { afterEach, describe, expect, it, vi } from 'vitest';
import { io } from 'socket.io-client';
import { openSocket } from '../../socket.ts';
import { server, webServer } from '../server.ts';
import { fakeShellPlugins, shellRouter } from './native-fixtures.ts';
import { startNativeShell, stopFollowingServerMedia } from './start.ts';

// A worker's test files share one document: the media follower of a started shell stops with its test.
afterEach(stopFollowingServerMedia);

// The connection's address and options as the app gives them, without dialling anything.
vi.mock('socket.io-client', () => ({ io: vi.fn(() => ({})) }));

const SERVER = 'https://api.motema.test';
const TOKEN = 'c'.repeat(43);

type Options = { path: string; withCredentials: boolean; auth: (give: (data: object) => void) => void };
/** The handshake payload the last opened socket gives, and the address it dials. */
function lastSocket() {
  const [uri, options] = vi.mocked(io).mock.lastCall as unknown as [string | undefined, Options];
  let payload: object = {};
  options.auth((data) => void (payload = data));
  return { uri, path: options.path, payload };
}

afterEach(() => {
  Object.assign(server, webServer);
  vi.unstubAllGlobals();
});

// Decision 0052: the bundled copy's socket dials the server, its session in the handshake's payload.
describe('the socket', () => {
  it('in the native shell, dials the server with the kept token in the payload, never in the URL', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    const plugins = fakeShellPlugins({ kept: { 'motema.session': TOKEN } });
    await startNativeShell(shellRouter(), plugins.asPlugins(), SERVER);
    openSocket();
    const socket = lastSocket();
    expect(socket.uri).toBe(SERVER);
    expect(socket.path).toBe('/socket.io');
    expect(socket.payload).toMatchObject({ session: TOKEN });
  });

  it('in a browser, dials its own origin with the cookie alone', () => {
    openSocket();
    const socket = lastSocket();
    expect(socket.uri).toBeUndefined();
    expect(socket.payload).not.toHaveProperty('session');
  });
});
