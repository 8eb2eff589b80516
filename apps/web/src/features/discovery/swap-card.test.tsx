import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Image } from '@motema/shared/media';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMe, renderPage } from '../../test/render-page.tsx';
import { buildCard, stubApi } from './discovery-fixtures.ts';
import { SwapPage } from './swap-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const photo = (id: string): Image => ({
  _id: id,
  width: 1080,
  height: 1350,
  placeholder: `data:image/webp;base64,${id}`,
  thumbnail: `/media/${id}-160.webp`,
  sources: [480, 1080].map((width) => ({
    url: `/media/${id}-${width}.webp`,
    width,
    type: 'image/webp' as const,
  })),
  createdAt: '2026-01-01T00:00:00.000Z',
});

async function openDeck(change: Parameters<typeof buildCard>[1]) {
  stubApi({ users: { users: [buildCard(1, change), buildCard(2)], count: 2 } });
  renderPage('/swap', <SwapPage />, { me: buildMe() });
  return screen.findByRole('group', { name: 'Member1, 21' });
}

/** The photo shown large on the top card, and the index of the dot drawn as current. */
function shown(card: HTMLElement) {
  const img = card.querySelector('img')!;
  const dots = [...card.querySelectorAll('[data-photo-dots] > *')];
  return {
    src: img.getAttribute('src'),
    alt: img.getAttribute('alt'),
    dots: dots.length,
    current: dots.findIndex((dot) => dot.hasAttribute('data-current')),
  };
}

describe('The swap card', () => {
  it('moves through its photos with taps on the right and left halves, the dots following', async () => {
    const card = await openDeck({ photos: ['a', 'b', 'c'].map(photo) });
    const user = userEvent.setup();
    const next = within(card).getByRole('button', { name: 'Next photo' });
    const previous = within(card).getByRole('button', { name: 'Previous photo' });
    // Each half of the card, from its edge to the middle.
    expect(previous.style.insetInlineStart).toBe('0');
    expect(next.style.insetInlineEnd).toBe('0');
    expect([previous.style.width, next.style.width]).toEqual(['50%', '50%']);

    expect(shown(card)).toEqual({ src: '/media/a-160.webp', alt: 'Photo 1 of 3', dots: 3, current: 0 });
    expect((previous as HTMLButtonElement).disabled).toBe(true);
    await user.click(next);
    expect(shown(card)).toMatchObject({ src: '/media/b-160.webp', alt: 'Photo 2 of 3', current: 1 });
    await user.click(next);
    expect(shown(card)).toMatchObject({ src: '/media/c-160.webp', current: 2 });
    // The last photo: a tap on the right does nothing more.
    expect((next as HTMLButtonElement).disabled).toBe(true);
    await user.click(previous);
    expect(shown(card)).toMatchObject({ src: '/media/b-160.webp', current: 1 });
    // Tapping is not deciding: the card is still on top.
    expect(screen.getByRole('group', { name: 'Member1, 21' })).toBe(card);
  });

  it('decides with the arrow keys on the card itself, never on a photo button inside it', async () => {
    const fetch = stubApi({ users: { users: [buildCard(1, { photos: ['a', 'b'].map(photo) })], count: 1 } });
    renderPage('/swap', <SwapPage />, { me: buildMe() });
    const card = await screen.findByRole('group', { name: 'Member1, 21' });
    const user = userEvent.setup();
    within(card).getByRole('button', { name: 'Next photo' }).focus();
    await user.keyboard('{ArrowRight}');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch.mock.calls.some(([input]) => input === '/api/rate/user')).toBe(false);
    expect(screen.getByRole('group', { name: 'Member1, 21' })).toBe(card);
  });

  it('with one photo, shows neither dots nor photo buttons', async () => {
    const card = await openDeck({ photos: [photo('a')] });
    expect(shown(card)).toMatchObject({ src: '/media/a-160.webp', dots: 0 });
    expect(within(card).queryByRole('button', { name: 'Next photo' })).toBeNull();
  });

  it('shows the bio line (two lines at most) and the distance bucket', async () => {
    const about = 'Teacher in Gombe, I love rumba, long walks by the river and Sunday lunches with friends.';
    const card = await openDeck({ about, distance: 5 });
    const bio = card.querySelector('[data-bio]')!;
    expect(bio.textContent).toBe(about);
    expect((bio as HTMLElement).style.getPropertyValue('--text-line-clamp')).toBe('2');
    expect(card.textContent).toContain('less than 5 km');
  });

  it('has pass and like buttons of one round size', async () => {
    await openDeck({});
    const pass = screen.getByRole('button', { name: 'Pass' });
    const like = screen.getByRole('button', { name: 'Like' });
    const sizeOf = (button: HTMLElement) => [
      button.style.getPropertyValue('--ai-size'),
      button.style.getPropertyValue('--ai-radius'),
    ];
    expect(sizeOf(pass)).toEqual(sizeOf(like));
    expect(sizeOf(pass)[0]).toMatch(/^calc\(4rem|^4rem/);
  });
});
