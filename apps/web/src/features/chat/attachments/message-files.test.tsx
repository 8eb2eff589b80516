import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatFile } from '@motema/shared/chat';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page.tsx';
import { MessageFiles } from './message-files.tsx';

function photo(id: string): ChatFile {
  const url = (name: string) => `/api/chat-files/${id}/${name}`;
  return {
    _id: id,
    type: 'photo',
    mimeType: 'image/webp',
    bytes: 50_000,
    durationMs: null,
    url: null,
    image: {
      _id: id,
      width: 1080,
      height: 810,
      placeholder: 'data:image/webp;base64,AAAA',
      thumbnail: url('160.webp'),
      sources: [
        { url: url('160.avif'), width: 160, type: 'image/avif' },
        { url: url('160.webp'), width: 160, type: 'image/webp' },
        { url: url('1080.avif'), width: 1080, type: 'image/avif' },
        { url: url('1080.webp'), width: 1080, type: 'image/webp' },
      ],
      createdAt: '2026-11-21T10:00:00.000Z',
    },
  };
}

const stream = (
  id: string,
  type: ChatFile['type'],
  durationMs: number | null,
  mimeType: string,
): ChatFile => ({
  _id: id,
  type,
  mimeType,
  bytes: 30_000,
  durationMs,
  image: null,
  url: `/api/chat-files/${id}/file.webm`,
});

describe('MessageFiles', () => {
  it('shows a photo through its srcset and opens it full size on a tap', async () => {
    const user = userEvent.setup();
    renderPage('/', <MessageFiles files={[photo('p1')]} mine={false} />);
    const open = screen.getByRole('button', { name: 'Open photo 1 of 1 in full size' });
    const img = open.querySelector('img')!;
    expect(img.getAttribute('srcset')).toBe(
      '/api/chat-files/p1/160.webp 160w, /api/chat-files/p1/1080.webp 1080w',
    );
    expect(open.querySelector('source')!.getAttribute('srcset')).toContain(
      '/api/chat-files/p1/160.avif 160w',
    );
    expect(img.getAttribute('loading')).toBe('lazy');
    await user.click(open);
    const full = await screen.findByAltText('Photo sent in the conversation');
    expect(full.getAttribute('sizes')).toBe('100vw');
    await user.click(screen.getByRole('button', { name: 'Close the photo' }));
  });

  it('plays a voice note only when tapped: nothing preloads, the duration shows from the message', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async function (
      this: HTMLMediaElement,
    ) {
      this.dispatchEvent(new Event('play'));
    });
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      this.dispatchEvent(new Event('pause'));
    });
    const user = userEvent.setup();
    renderPage(
      '/',
      <MessageFiles
        files={[stream('v1', 'voice', 42_000, 'audio/webm'), stream('a1', 'audio', 185_000, 'audio/mpeg')]}
        mine
      />,
    );
    const audios = document.querySelectorAll('audio');
    expect(audios).toHaveLength(2);
    expect([...audios].map((audio) => audio.getAttribute('preload'))).toEqual(['none', 'none']);
    expect(audios[0]!.getAttribute('src')).toBe('/api/chat-files/v1/file.webm');
    expect(screen.getByText('0:42')).toBeTruthy();
    expect(screen.getByText('3:05')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Voice message' })).toBeTruthy();
    expect(play).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Play the voice message' }));
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    // Starting the other player pauses the first.
    await user.click(screen.getByRole('button', { name: 'Play the audio file' }));
    expect(pause).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Play the voice message' })).toBeTruthy();
    play.mockRestore();
    pause.mockRestore();
  });

  it('shows a video as a tile; the player (preload none) comes with the tap', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderPage('/', <MessageFiles files={[stream('m1', 'video', 12_000, 'video/mp4')]} mine={false} />);
    expect(document.querySelector('video')).toBeNull();
    expect(screen.getByText('0:12')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Play the video' }));
    const video = document.querySelector('video')!;
    expect(video.getAttribute('preload')).toBe('none');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('src')).toBe('/api/chat-files/m1/file.webm');
    play.mockRestore();
  });

  it('renders nothing without files', () => {
    const { container } = renderPage('/', <MessageFiles files={[]} mine={false} />);
    expect(container.querySelector('audio, video, img')).toBeNull();
  });
});
