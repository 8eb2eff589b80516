import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_SAVER_KEY, setDataSaver } from '../../../lib/data-saver.ts';
import { theme } from '../../../ui/theme.ts';
import { PostAudioPlayer } from './post-media-audio.tsx';
import { PostPhotoGrid } from './post-media-photos.tsx';
import { PostVideoPlayer } from './post-media-video.tsx';
import { audioItem, photoItem, videoItem } from '../posts-fixtures.ts';

const show = (element: ReactElement) =>
  render(
    <MantineProvider theme={theme} env="test">
      {element}
    </MantineProvider>,
  );

afterEach(() => localStorage.removeItem(DATA_SAVER_KEY));

describe('PostVideoPlayer', () => {
  it('shows the poster and loads nothing of the video before the tap, then plays the standard file', async () => {
    const { container } = show(<PostVideoPlayer media={videoItem()} alt="Video by Kofi" />);
    expect(container.querySelector('video')).toBeNull();
    expect(screen.getByText('0:42')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Play: Video by Kofi' }));
    const video = container.querySelector('video')!;
    expect(video.getAttribute('src')).toMatch(/standard\.mp4$/);
    expect(video.getAttribute('preload')).toBe('none');
  });

  it('loads the poster as it is scrolled to, or at once and first on the post’s own page', () => {
    const { container, unmount } = show(<PostVideoPlayer media={videoItem()} alt="Video by Kofi" />);
    expect(container.querySelector('img')!.getAttribute('loading')).toBe('lazy');
    unmount();
    const page = show(<PostVideoPlayer media={videoItem()} alt="Video by Kofi" foremost />);
    const poster = page.container.querySelector('img')!;
    expect([poster.getAttribute('loading'), poster.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
  });

  it('with data saver, says what the tap costs and plays the saver file', async () => {
    setDataSaver(true);
    const { container } = show(<PostVideoPlayer media={videoItem()} alt="Video by Kofi" />);
    expect(screen.getByText('1.1 MB')).toBeTruthy();
    expect(container.querySelector('video')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Play: Video by Kofi, 1.1 MB' }));
    expect(container.querySelector('video')!.getAttribute('src')).toMatch(/saver\.mp4$/);
  });
});

describe('PostAudioPlayer', () => {
  it('shows the waveform and the duration without fetching the file (preload none)', () => {
    const { container } = show(<PostAudioPlayer media={audioItem()} alt="Podcast by Kofi" />);
    expect(container.querySelector('audio')!.getAttribute('preload')).toBe('none');
    expect(screen.getByText('2:05')).toBeTruthy();
    expect(
      screen.getByRole('slider', { name: 'Position in the podcast' }).querySelectorAll('span'),
    ).toHaveLength(64);
  });
});

describe('PostPhotoGrid', () => {
  it('shows four cells in a feed and says how many more there are', () => {
    const photos = Array.from({ length: 6 }, (_, index) => photoItem(`p${index}`));
    show(<PostPhotoGrid photos={photos} limit={4} alt={(index) => `Photo ${index + 1}`} />);
    expect(screen.getAllByRole('img')).toHaveLength(4);
    expect(screen.getByLabelText('2 more photos')).toBeTruthy();
  });

  it('loads a feed’s photos as they are scrolled to, and a post page’s first rows at once, the first before the rest', () => {
    const photos = Array.from({ length: 6 }, (_, index) => photoItem(`p${index}`));
    const loadingOf = () =>
      screen
        .getAllByRole('img')
        .map((image) => `${image.getAttribute('loading')}/${image.getAttribute('fetchpriority') ?? '-'}`);
    const feed = show(<PostPhotoGrid photos={photos} limit={4} alt={(index) => `Photo ${index + 1}`} />);
    expect(loadingOf()).toEqual(Array(4).fill('lazy/-'));
    feed.unmount();
    show(<PostPhotoGrid photos={photos} foremost alt={(index) => `Photo ${index + 1}`} />);
    expect(loadingOf()).toEqual(['eager/high', 'eager/-', 'eager/-', 'eager/-', 'lazy/-', 'lazy/-']);
  });

  it('with data saver, holds each photo behind its placeholder until tapped', async () => {
    setDataSaver(true);
    show(<PostPhotoGrid photos={[photoItem('held-1')]} alt={() => 'Photo 1'} />);
    const held = screen.getByRole('img', { name: 'Photo 1' });
    expect(held.getAttribute('src')).toMatch(/^data:/);
    await userEvent.click(screen.getByRole('button', { name: 'Photo 1 Tap to load' }));
    expect(screen.getByRole('img', { name: 'Photo 1' }).getAttribute('srcset')).toMatch(/480\.webp/);
  });
});
