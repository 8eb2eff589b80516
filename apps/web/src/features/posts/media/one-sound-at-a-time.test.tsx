import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatFile } from '@motema/shared/chat';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../ui/theme.ts';
import { VoicePlayer } from '../../chat/attachments/voice-player.tsx';
import { audioItem } from '../posts-fixtures.ts';
import { PostAudioPlayer } from './post-media-audio.tsx';

const voiceNote: ChatFile = {
  _id: 'v1',
  type: 'voice',
  mimeType: 'audio/webm',
  bytes: 30_000,
  durationMs: 42_000,
  image: null,
  url: '/api/chat-files/v1/file.webm',
};

afterEach(() => vi.restoreAllMocks());

// The page does not play sound (happy-dom): play and pause say so as a browser does, by their events.
function browserPlaysAudio() {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { value: false, configurable: true });
    this.dispatchEvent(new Event('play'));
  });
  return vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { value: true, configurable: true });
    this.dispatchEvent(new Event('pause'));
  });
}

describe('one sound at a time, across chat and posts (lib/solo-audio.ts)', () => {
  it("pauses a chat's voice note when a podcast starts, and the podcast when the voice note starts again", async () => {
    const pause = browserPlaysAudio();
    const user = userEvent.setup();
    render(
      <MantineProvider theme={theme} env="test">
        <VoicePlayer file={voiceNote} mine={false} />
        <PostAudioPlayer media={audioItem()} alt="Podcast by Kofi" />
      </MantineProvider>,
    );
    const [voice, podcast] = [...document.querySelectorAll('audio')];

    await user.click(screen.getByRole('button', { name: 'Play the voice message' }));
    expect(voice!.paused).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(podcast!.paused).toBe(false);
    expect(voice!.paused).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Play the voice message' }));
    expect(podcast!.paused).toBe(true);
    expect(pause).toHaveBeenCalledTimes(2);
  });
});
