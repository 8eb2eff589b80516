import { screen } from '@testing-library/react';
import type { Image } from '@motema/shared/media';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setDataSaver } from '../../lib/data-saver.ts';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { buildCard, stubApi } from './discovery-fixtures.ts';
import { SwapPage } from './swap-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const avatar = (index: number): Image => ({
  _id: `photo-${index}`,
  width: 1080,
  height: 1080,
  placeholder: `data:image/webp;base64,P${index}`,
  thumbnail: `/media/${index}-160.webp`,
  sources: [160, 480, 1080].map((width) => ({
    url: `/media/${index}-${width}.webp`,
    width,
    type: 'image/webp' as const,
  })),
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** The deck with photos; returns the URLs fetched ahead through `new Image()`. */
async function openDeck() {
  const preloaded: string[] = [];
  vi.stubGlobal(
    'Image',
    class {
      set src(url: string) {
        preloaded.push(url);
      }
    },
  );
  const deck = Array.from({ length: 6 }, (_, offset) =>
    // As the deck's answer (`unrated`) carries them: the slim avatar and the whole photos.
    buildCard(offset + 1, {
      avatar: { thumbnail: avatar(offset + 1).thumbnail, placeholder: avatar(offset + 1).placeholder },
      photos: [avatar(offset + 1)],
    }),
  );
  stubApi({ users: { users: deck, count: deck.length } });
  renderPage('/swap', <SwapPage />, { me: buildMe() });
  const top = await screen.findByRole('group', { name: 'Member1, 21' });
  const waiting = document.querySelector(
    `img[src^="data:image/webp;base64,P2"], img[src="/media/2-160.webp"]`,
  );
  return { top: top.querySelector('img')!, waiting: waiting as HTMLImageElement, preloaded };
}

describe('SwapPage with data saver', () => {
  it('loads the top card at 480 px at most, and nothing ahead: the next card shows its placeholder', async () => {
    setDataSaver(true);
    const { top, waiting, preloaded } = await openDeck();
    expect(top.getAttribute('srcset')).toBe('/media/1-160.webp 160w, /media/1-480.webp 480w');
    expect(waiting.getAttribute('src')).toBe('data:image/webp;base64,P2');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(preloaded).toEqual([]);
  });

  it('without it, fetches the next thumbnails ahead and offers every width', async () => {
    const { top, waiting, preloaded } = await openDeck();
    expect(top.getAttribute('srcset')).toContain('/media/1-1080.webp 1080w');
    expect(waiting.getAttribute('src')).toBe('/media/2-160.webp');
    expect(preloaded).toEqual(['/media/2-160.webp', '/media/3-160.webp', '/media/4-160.webp']);
  });
});
