import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatFile } from '@motema/shared/chat';
import { afterEach, describe, expect, it } from 'vitest';
import { setDataSaver } from '../../../lib/data-saver.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { MessageFiles } from './message-files.tsx';

afterEach(() => localStorage.clear());

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
      sources: [160, 480, 1080].map((width) => ({
        url: url(`${width}.webp`),
        width,
        type: 'image/webp' as const,
      })),
      createdAt: '2026-11-21T10:00:00.000Z',
    },
  };
}

const video: ChatFile = {
  _id: 'v1',
  type: 'video',
  mimeType: 'video/webm',
  bytes: 900_000,
  durationMs: 12_000,
  image: null,
  url: '/api/chat-files/v1/file.webm',
};

describe('MessageFiles with data saver', () => {
  it('holds chat photos behind "Tap to load", loads the one tapped, then opens it', async () => {
    setDataSaver(true);
    const user = userEvent.setup();
    renderPage('/', <MessageFiles files={[photo('c1'), photo('c2')]} mine={false} />);

    const held = screen.getAllByRole('button', { name: 'Load this photo' });
    expect(held).toHaveLength(2);
    expect(held[0]!.querySelector('img')!.getAttribute('src')).toBe('data:image/webp;base64,AAAA');
    expect(document.querySelector('img[srcset]')).toBeNull();

    await user.click(held[0]!);
    const open = screen.getByRole('button', { name: 'Open photo 1 of 2 in full size' });
    // Two photos share a 260 px bubble: 130 px slots get the thumbnail only.
    expect(open.querySelector('img')!.getAttribute('srcset')).toBe('/api/chat-files/c1/160.webp 160w');
    expect(screen.getAllByRole('button', { name: 'Load this photo' })).toHaveLength(1);

    await user.click(open);
    const full = await screen.findByAltText('Photo sent in the conversation');
    expect(full.getAttribute('srcset')).toBe(
      '/api/chat-files/c1/160.webp 160w, /api/chat-files/c1/480.webp 480w',
    );
  });

  it('never starts a video by itself: the tile waits for play, then the player loads', async () => {
    setDataSaver(true);
    const user = userEvent.setup();
    renderPage('/', <MessageFiles files={[video]} mine={false} />);
    expect(document.querySelector('video')).toBeNull();
    await user.click(screen.getByRole('button', { name: /play/i }));
    const player = document.querySelector('video')!;
    expect(player.getAttribute('preload')).toBe('none');
  });
});
