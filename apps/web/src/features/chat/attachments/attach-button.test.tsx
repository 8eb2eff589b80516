import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHAT_FILE_MAX_BYTES } from '@motema/shared/chat';
import { describe, expect, it, vi } from 'vitest';
import { notifyError } from '../../../lib/notices.ts';
import { renderPage } from '../../../test/render-page.tsx';
import { AttachButton } from './attach-button.tsx';
import { PendingFilesPreview } from './pending-files-preview.tsx';

vi.mock('../../../lib/notices.ts', () => ({ notifyError: vi.fn(), notify: vi.fn() }));

/** A File of `size` bytes without allocating them (the checks read `size` and `type` only). */
function sized(name: string, type: string, size: number): File {
  const picked = new File(['x'], name, { type });
  Object.defineProperty(picked, 'size', { value: size });
  return picked;
}

describe('AttachButton', () => {
  it('hands over the files that pass the checks, and explains each refusal', async () => {
    const onPick = vi.fn();
    const user = userEvent.setup({ applyAccept: false });
    renderPage('/', <AttachButton onPick={onPick} />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.accept).toBe(
      'image/jpeg,image/png,image/webp,image/avif,video/mp4,video/webm,video/quicktime,audio/*',
    );
    expect(input.multiple).toBe(true);
    expect(screen.getByRole('button', { name: 'Add a photo, a video or an audio file' })).toBeTruthy();

    const photo = sized('beach.jpg', 'image/jpeg', 2_000_000);
    await user.upload(input, [
      photo,
      sized('drawing.svg', 'image/svg+xml', 1000),
      sized('film.mp4', 'video/mp4', CHAT_FILE_MAX_BYTES.video + 1),
      sized('page.html', 'text/html', 1000),
    ]);

    await waitFor(() => expect(onPick).toHaveBeenCalledTimes(1));
    expect(onPick).toHaveBeenCalledWith([
      { kind: 'photo', blob: photo, name: 'beach.jpg', durationMs: null },
    ]);
    expect(vi.mocked(notifyError).mock.calls.map(([message]) => message)).toEqual([
      '“drawing.svg” cannot be sent. Send a photo (JPEG, PNG, WebP, AVIF), a video (MP4, WebM, MOV) or an audio file.',
      '“film.mp4” is too large to send. Video: up to 30 MB.',
      '“page.html” cannot be sent. Send a photo (JPEG, PNG, WebP, AVIF), a video (MP4, WebM, MOV) or an audio file.',
    ]);
  });

  it('never lets a message carry more than ten files', async () => {
    vi.mocked(notifyError).mockClear();
    const onPick = vi.fn();
    const user = userEvent.setup();
    renderPage('/', <AttachButton onPick={onPick} picked={9} />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, [sized('a.jpg', 'image/jpeg', 10), sized('b.jpg', 'image/jpeg', 10)]);
    await waitFor(() => expect(onPick).toHaveBeenCalledTimes(1));
    expect(onPick.mock.calls[0]![0]).toHaveLength(1);
    expect(notifyError).toHaveBeenCalledWith('A message can carry one more file only.');
  });
});

describe('PendingFilesPreview', () => {
  it('lists the files with their duration or size, a remove button each, and upload progress', async () => {
    const onRemove = vi.fn();
    const user = userEvent.setup();
    renderPage(
      '/',
      <PendingFilesPreview
        files={[
          { kind: 'voice', blob: new Blob(['v']), name: 'voice-1.webm', durationMs: 42_000 },
          {
            kind: 'audio',
            blob: sized('song.mp3', 'audio/mpeg', 3 * 1024 * 1024),
            name: 'song.mp3',
            durationMs: null,
          },
        ]}
        onRemove={onRemove}
        progress={[0.5, undefined]}
      />,
    );
    expect(screen.getByRole('list', { name: 'Files to send' })).toBeTruthy();
    expect(screen.getByText('0:42')).toBeTruthy();
    expect(screen.getByText('3 MB')).toBeTruthy();
    expect(screen.getByLabelText('Sending voice-1.webm: 50%')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove song.mp3' }));
    expect(onRemove).toHaveBeenCalledWith(1);
  });
});
