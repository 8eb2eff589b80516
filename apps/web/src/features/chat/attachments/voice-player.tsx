import { ActionIcon, Group, Slider, Text } from '@mantine/core';
import { IconMusic, IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatFile } from '@motema/shared/chat';
import { formatDuration } from '../../../lib/format-duration.ts';
import classes from './attachments.module.css';
import { playAlone, useSoloAudio } from '../../../lib/solo-audio.ts';

/**
 * A compact player for a voice note or an audio file: play/pause, the duration (known from the
 * message, so nothing is fetched before the member taps play: `preload="none"`), progress and seeking
 * (the server answers Range requests).
 */
export function VoicePlayer({ file, mine }: { file: ChatFile; mine: boolean }) {
  const { t } = useTranslation('attachments');
  // One sound at a time in the whole app: a voice note pauses a podcast and back.
  const audio = useSoloAudio();
  const [isPlaying, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(file.durationMs ?? 0);
  const [failed, setFailed] = useState(false);

  const toggle = async () => {
    const element = audio.current;
    if (!element) return;
    if (!element.paused) {
      element.pause();
      return;
    }
    setFailed(false);
    if (!(await playAlone(element))) setFailed(true);
  };

  const label = file.type === 'voice' ? t('kinds.voice') : t('kinds.audio');
  const what = file.type === 'voice' ? t('player.voice') : t('player.audio');
  const color = mine ? 'white' : undefined;
  return (
    <Group gap={8} wrap="nowrap" className={classes.player} role="group" aria-label={label}>
      <audio
        ref={audio}
        src={file.url ?? undefined}
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setPosition(0);
        }}
        onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime * 1000)}
        onLoadedMetadata={(event) => {
          const seconds = event.currentTarget.duration;
          if (Number.isFinite(seconds) && seconds > 0) setDuration(Math.round(seconds * 1000));
        }}
        onError={() => {
          setPlaying(false);
          setFailed(true);
        }}
      />
      <ActionIcon
        radius="xl"
        size={36}
        variant={mine ? 'white' : 'filled'}
        onClick={() => void toggle()}
        aria-label={isPlaying ? t('player.pause') : t('player.play', { what })}
      >
        {isPlaying ? (
          <IconPlayerPauseFilled size={18} aria-hidden />
        ) : (
          <IconPlayerPlayFilled size={18} aria-hidden />
        )}
      </ActionIcon>
      <div style={{ flex: 1, minWidth: 0 }}>
        {file.type === 'audio' && (
          <Group gap={4} wrap="nowrap">
            <IconMusic size={14} aria-hidden />
            <Text size="xs" c="inherit">
              {t('kinds.audio')}
            </Text>
          </Group>
        )}
        <Slider
          size="sm"
          color={color}
          label={null}
          min={0}
          max={Math.max(duration, 1)}
          value={Math.min(position, Math.max(duration, 1))}
          disabled={duration === 0}
          onChange={(value) => {
            if (audio.current) audio.current.currentTime = value / 1000;
            setPosition(value);
          }}
          thumbLabel={t('player.seek')}
          aria-label={t('player.seek')}
        />
        <Text size="xs" c="inherit" mt={2} aria-live="off">
          {failed
            ? t('player.failed')
            : isPlaying || position > 0
              ? `${formatDuration(position)} / ${formatDuration(duration)}`
              : duration > 0
                ? formatDuration(duration)
                : ''}
        </Text>
      </div>
    </Group>
  );
}
