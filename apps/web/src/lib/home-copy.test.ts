// happy-dom loads no file; its links and scripts here are only read.
// @vitest-environment-options { "settings": { "handleDisabledFileLoadingAsSuccess": true } }
import { afterEach, describe, expect, it } from 'vitest';
import { keptHomeCopyEachTest } from '../test/memory-caches.ts';
import { buildMe } from '../test/render-page.tsx';
import { keepHomeCopy, takeHomeCopy } from './home-copy.ts';
import { endSession, queryClient, rememberMe } from './query-client.ts';

const kept = keptHomeCopyEachTest();

const AMANI = buildMe({ _id: 'amani-1' });
const BAYO = buildMe({ _id: 'bayo-2' });

/**
 * The document as the app shell draws home: its entry script, sheets, root and a portal beside it.
 */
function drawHome(path = '/home') {
  history.replaceState(null, '', path);
  document.documentElement.lang = 'fr';
  document.documentElement.setAttribute('data-mantine-color-scheme', 'dark');
  document.head.innerHTML = `
    <script type="module" crossorigin src="/assets/index-B1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-C1.css">
    <link rel="stylesheet" href="/assets/home-page-D2.css">
    <link rel="stylesheet" href="/assets/home-page-D2.css">
    <link rel="stylesheet" href="https://fonts.elsewhere.test/a.css">
    <link rel="stylesheet" href="/favicon.css">
    <link rel="modulepreload" href="/assets/home-page-D2.js">`;
  document.body.innerHTML = `
    <div id="root"><main><ul aria-label="Popular"><li><a href="/profile/member-1">Member1, 24</a></li></ul>
      <div role="dialog">It's a match with Bayo</div>
      <div role="alert">You are offline</div>
      <div data-portal="true"><div role="menu">Block</div></div></main></div>
    <div data-portal="true"><div class="mantine-Notifications-root">Saved</div></div>`;
}

afterEach(() => {
  localStorage.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  history.replaceState(null, '', '/');
});

describe("home's copy for the service worker (decision 0024)", () => {
  it('is the root as drawn, without what opens over it, with the build, sheets, language and scheme', () => {
    drawHome();
    expect(takeHomeCopy(document, AMANI._id)).toEqual({
      build: '/assets/index-B1.js',
      member: AMANI._id,
      language: 'fr',
      scheme: 'dark',
      styles: ['/assets/index-C1.css', '/assets/home-page-D2.css'],
      html: expect.stringContaining('<a href="/profile/member-1">Member1, 24</a>'),
    });
    const { html } = takeHomeCopy(document, AMANI._id)!;
    for (const layer of ['match', 'offline', 'Block', 'Saved']) expect(html).not.toContain(layer);
    // The page itself stays as it is.
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();
  });

  it('is not taken on another page, nor without a build', () => {
    drawHome('/swap');
    expect(takeHomeCopy(document, AMANI._id)).toBeNull();
    drawHome();
    document.querySelector('script')!.remove();
    expect(takeHomeCopy(document, AMANI._id)).toBeNull();
  });

  it('names the build the start script runs on a page drawn from a copy (decision 0024, amended)', () => {
    drawHome();
    document
      .querySelector('script')!
      .setAttribute('src', '/kept-copy-start.js?entry=%2Fassets%2Findex-B1.js');
    expect(takeHomeCopy(document, AMANI._id)?.build).toBe('/assets/index-B1.js');
  });

  it('is kept for the member the device remembers, and replaced when home changed', async () => {
    rememberMe(AMANI);
    drawHome();
    await keepHomeCopy(takeHomeCopy(document, AMANI._id)!, () => AMANI._id);
    expect((await kept())?.html).toContain('/profile/member-1');
    document.querySelector('a')!.setAttribute('href', '/profile/member-9');
    await keepHomeCopy(takeHomeCopy(document, AMANI._id)!, () => AMANI._id);
    expect((await kept())?.html).toContain('/profile/member-9');
  });

  it('is not kept for a member the device no longer remembers', async () => {
    drawHome();
    await keepHomeCopy(takeHomeCopy(document, AMANI._id)!, () => null);
    expect(await kept()).toBeNull();
    await keepHomeCopy(takeHomeCopy(document, AMANI._id)!, () => BAYO._id);
    expect(await kept()).toBeNull();
  });

  it('is forgotten when the device forgets the member: logout, a session ended, another member', async () => {
    const keepFor = async (member: typeof AMANI) => {
      rememberMe(member);
      drawHome();
      await keepHomeCopy(takeHomeCopy(document, member._id)!, () => member._id);
      expect((await kept())?.member).toBe(member._id);
    };
    const settled = () => keepHomeCopy(takeHomeCopy(document, 'nobody')!, () => 'someone else');

    await keepFor(AMANI);
    rememberMe(null);
    await settled();
    expect(await kept(), 'logout').toBeNull();

    await keepFor(AMANI);
    queryClient.setQueryData(['users', 'profile'], AMANI);
    endSession(queryClient, () => undefined, '/login');
    await settled();
    expect(await kept(), 'a session the server ended').toBeNull();

    await keepFor(AMANI);
    rememberMe(BAYO);
    await settled();
    expect(await kept(), 'another member').toBeNull();
  });
});
