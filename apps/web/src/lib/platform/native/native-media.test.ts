import { afterEach, describe, expect, it, vi } from 'vitest';
import { server, webServer } from '../server.ts';
import { fetchWithSession, followServerMedia } from './server-media.ts';
import { nativeServer } from './server.ts';
import { fakeSecureStorage } from './native-fixtures.ts';

const SERVER = 'https://api.motema.test';
const TOKEN = 'b'.repeat(43);

/** Blob addresses as URL.createObjectURL gives them, one per file, counted. */
function blobUrls() {
  let made = 0;
  const revoked: string[] = [];
  return {
    create: () => `blob:${SERVER}/${++made}`,
    revoke: (url: string) => void revoked.push(url),
    revoked,
  };
}

let stop = () => {};
afterEach(() => {
  stop();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  Object.assign(server, webServer);
});

// Decision 0052: the bundled copy's photos, videos and voice notes come with the session's bearer.
describe('the server’s media in the native shell', () => {
  it('shows a path of the server from a blob fetched with the bearer, and leaves other files alone', async () => {
    const fetch = vi.fn(async () => new Response(new Blob(['photo'])));
    vi.stubGlobal('fetch', fetch);
    Object.assign(server, await nativeServer(fakeSecureStorage({ 'motema.session': TOKEN }), SERVER));
    stop = followServerMedia(document.body, fetchWithSession(server), blobUrls());
    document.body.innerHTML = `<img id="a" src="/api/media/p1/160.webp"><img id="b" src="/assets/logo.svg">
      <video id="v" src="/api/posts/1/media/2/standard.mp4" poster="/api/posts/1/media/2/160.webp"></video>`;
    await vi.waitFor(() => expect(document.getElementById('a')!.getAttribute('src')).toMatch(/^blob:/));
    await vi.waitFor(() => expect(document.getElementById('v')!.getAttribute('poster')).toMatch(/^blob:/));
    expect(document.getElementById('v')!.getAttribute('src')).toMatch(/^blob:/);
    expect(document.getElementById('b')!.getAttribute('src')).toBe('/assets/logo.svg');
    expect(fetch).toHaveBeenCalledWith(`${SERVER}/api/media/p1/160.webp`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('fetches one fitting candidate of a srcset, keeps its width, and a file shown twice once', async () => {
    vi.stubGlobal('innerWidth', 400);
    vi.stubGlobal('devicePixelRatio', 2);
    const fetched: string[] = [];
    stop = followServerMedia(
      document.body,
      async (path) => (fetched.push(path), new Blob([path])),
      blobUrls(),
    );
    const srcset = '/api/media/p1/160.webp 160w, /api/media/p1/1080.webp 1080w, /api/media/p1/480.webp 480w';
    document.body.innerHTML = `<img id="a" sizes="100vw" srcset="${srcset}"><img id="b" srcset="${srcset}">`;
    await vi.waitFor(() => expect(document.getElementById('b')!.getAttribute('srcset')).toMatch(/^blob:/));
    expect(document.getElementById('a')!.getAttribute('srcset')).toMatch(/^blob:\S+ 1080w$/);
    expect(fetched).toEqual(['/api/media/p1/1080.webp']);
  });

  it('follows a new render’s path, and lets a failed file be tried again', async () => {
    let fail = true;
    const fetchFile = vi.fn(async (path: string) => {
      if (fail) throw new Error('offline');
      return new Blob([path]);
    });
    stop = followServerMedia(document.body, fetchFile, blobUrls());
    document.body.innerHTML = '<img id="a" src="/api/media/p1/160.webp">';
    const img = document.getElementById('a')!;
    await vi.waitFor(() => expect(fetchFile).toHaveBeenCalledTimes(1));
    expect(img.getAttribute('src')).toBe('/api/media/p1/160.webp');
    fail = false;
    img.setAttribute('src', '/api/media/p2/160.webp');
    await vi.waitFor(() => expect(img.getAttribute('src')).toMatch(/^blob:/));
    img.setAttribute('src', '/api/media/p1/160.webp');
    await vi.waitFor(() => expect(img.getAttribute('src')).toMatch(/^blob:/));
    expect(fetchFile.mock.calls.map(([path]) => path)).toEqual([
      '/api/media/p1/160.webp',
      '/api/media/p2/160.webp',
      '/api/media/p1/160.webp',
    ]);
  });
});
