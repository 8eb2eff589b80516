import { ActionIcon, Box, Group, Text } from '@mantine/core';
import { IconMicrophone, IconSend2, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notices.ts';
import type { Draft } from '../thread/thread-types.ts';
import { formatDuration } from '../../../lib/format-duration.ts';
import { useVoiceRecorder } from './use-voice-recorder.ts';

type DraftFile = Draft['files'][number];

/** Held at least this long, releasing the button sends; a shorter tap keeps recording until Send. */
const HOLD_MS = 400;

/**
 * The microphone of the composer: hold to record and release to send, or tap to start and then tap
 * Send (or the bin to throw it away). A timer shows the time left; the recording stops by itself at
 * VOICE_NOTE_MAX_SECONDS and is sent.
 * Props:
 * - `onRecorded(file)`: the finished voice note as a Draft file (`kind: 'voice'`, the blob, a name,
 *   its duration in ms); the composer sends it.
 * - `disabled` (optional).
 */
export function VoiceRecordButton({
  onRecorded,
  disabled,
}: {
  onRecorded: (file: DraftFile) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('attachments');
  const recorder = useVoiceRecorder({ onRecorded });
  const { error, clearError } = recorder;

  useEffect(() => {
    if (!error) return;
    notifyError(t(`recorder.errors.${error}`));
    clearError();
  }, [error, clearError, t]);

  const live = useRef(recorder);
  /** The click that ends the press which started a recording belongs to that press: it sends nothing. */
  const pressing = useRef(false);
  useEffect(() => {
    live.current = recorder;
  });

  // The release is heard on the window (the finger may have slid off the button); the next press
  // anywhere forgets a release that never came.
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    pressing.current = true;
    const pressedAt = Date.now();
    const forget = () => {
      window.removeEventListener('pointerup', release);
      window.removeEventListener('pointercancel', release);
      window.removeEventListener('pointerdown', forget, true);
    };
    const release = () => {
      forget();
      // The button moves while the recorder appears, so the press's own click may land elsewhere:
      // once that click had its chance, the next click on the button is a new one.
      setTimeout(() => {
        pressing.current = false;
      }, 0);
      // A hold while recording sends; a tap (or a release during the microphone prompt) keeps recording.
      if (Date.now() - pressedAt >= HOLD_MS && live.current.state === 'recording') live.current.stop();
    };
    window.addEventListener('pointerup', release);
    window.addEventListener('pointercancel', release);
    window.addEventListener('pointerdown', forget, true);
    void recorder.start();
  };

  const idle = recorder.state === 'idle';
  const left = Math.max(0, recorder.maxMs - recorder.elapsedMs);
  // One structure in both states: the microphone becomes the Send button in place (same element), so
  // a finger holding it keeps holding it while the recording starts.
  return (
    <Group gap={6} wrap="nowrap" role="group" aria-label={idle ? undefined : t('recorder.recording')}>
      {!idle && (
        <ActionIcon
          size={42}
          radius="xl"
          variant="subtle"
          color="red"
          aria-label={t('recorder.cancel')}
          onClick={recorder.cancel}
        >
          <IconTrash size={20} aria-hidden />
        </ActionIcon>
      )}
      {!idle && (
        <Group gap={4} wrap="nowrap" miw={64}>
          <Box
            w={8}
            h={8}
            bg={recorder.state === 'recording' ? 'red' : 'gray'}
            style={{ borderRadius: '50%' }}
            aria-hidden
          />
          <Text
            size="sm"
            ff="monospace"
            role="timer"
            aria-label={t('recorder.timeLeft', { time: formatDuration(Math.ceil(left / 1000) * 1000) })}
          >
            {formatDuration(Math.floor(recorder.elapsedMs / 1000) * 1000)}
          </Text>
        </Group>
      )}
      <ActionIcon
        size={42}
        radius="xl"
        disabled={disabled}
        aria-label={idle ? t('recorder.record') : t('recorder.send')}
        title={idle ? t('recorder.hint') : undefined}
        onPointerDown={idle ? onPointerDown : undefined}
        onContextMenu={(event) => event.preventDefault()}
        onClick={(event) => {
          if (pressing.current) pressing.current = false;
          else if (!idle) recorder.stop();
          // Keyboard (Enter, Space): a click with no pointer behind it starts a recording.
          else if (event.detail === 0) void recorder.start();
        }}
        style={{ touchAction: 'none' }}
      >
        {idle ? <IconMicrophone size={22} aria-hidden /> : <IconSend2 size={22} aria-hidden />}
      </ActionIcon>
    </Group>
  );
}
