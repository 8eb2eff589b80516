import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Image } from '@motema/shared/media';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setDataSaver } from '../../lib/data-saver.ts';
import { renderPage } from '../../test/render-page.tsx';
import { ProfileGallery } from './profile-gallery.tsx';

afterEach(() => localStorage.clear());

const photo = (id: string): Image => ({
  _id: id,
  width: 1080,
  height: 1080,
  placeholder: `data:image/webp;base64,${id}`,
  thumbnail: `/media/${id}-160.webp`,
  sources: [160, 480, 1080].map((width) => ({
    url: `/media/${id}-${width}.webp`,
    width,
    type: 'image/webp' as const,
  })),
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('ProfileGallery with data saver', () => {
  it('shows placeholders until a tap, loads that photo only (at most 480 px), then opens it', async () => {
    setDataSaver(true);
    const user = userEvent.setup();
    const onOpen = vi.fn();
    const images = [photo('g1'), photo('g2')];
    renderPage(
      '/',
      <ProfileGallery images={images} name="Grace" sizes="100vw" fit="cover" onOpen={onOpen} />,
    );

    const held = screen.getAllByRole('button', { name: 'Load this photo' });
    expect(held).toHaveLength(2);
    expect(screen.getAllByText('Tap to load')).toHaveLength(2);
    for (const [index, slide] of held.entries()) {
      expect(slide.querySelector('img')!.getAttribute('src')).toBe(images[index]!.placeholder);
      expect(slide.querySelector('img')!.getAttribute('srcset')).toBeNull();
    }

    await user.click(held[0]!);
    expect(onOpen).not.toHaveBeenCalled();
    const loaded = screen.getByRole('button', { name: 'Open photo 1 of 2 full size' });
    expect(loaded.querySelector('img')!.getAttribute('srcset')).toBe(
      '/media/g1-160.webp 160w, /media/g1-480.webp 480w',
    );
    expect(screen.getAllByRole('button', { name: 'Load this photo' })).toHaveLength(1);

    await user.click(loaded);
    expect(onOpen).toHaveBeenCalledWith(0);
  });

  it('in the full-size viewer, a held photo loads on a tap too', async () => {
    setDataSaver(true);
    const user = userEvent.setup();
    renderPage('/', <ProfileGallery images={[photo('v1')]} name="Grace" sizes="100vw" fit="contain" />);
    await user.click(screen.getByRole('button', { name: 'Load this photo' }));
    const shown = screen.getByRole('img', { name: 'Grace, photo 1 of 1' });
    expect(shown.getAttribute('srcset')).toBe('/media/v1-160.webp 160w, /media/v1-480.webp 480w');
  });

  it('without data saver, loads the first photo at once, every width offered', () => {
    renderPage(
      '/',
      <ProfileGallery images={[photo('n1')]} name="Grace" sizes="100vw" fit="cover" onOpen={vi.fn()} />,
    );
    expect(screen.queryByText('Tap to load')).toBeNull();
    const slide = screen.getByRole('button', { name: 'Open photo 1 of 1 full size' });
    expect(slide.querySelector('img')!.getAttribute('loading')).toBe('eager');
    expect(slide.querySelector('img')!.getAttribute('srcset')).toContain('/media/n1-1080.webp 1080w');
  });
});
