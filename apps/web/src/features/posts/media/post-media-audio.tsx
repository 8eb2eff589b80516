import { ActionIcon, Group, Text } from '@mantine/core';
import type { MediaItem } from '@motema/shared/posts';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataSaver } from '../../../lib/data-saver.ts';
import { formatDuration } from '../../../lib/format-duration.ts';
import { mediaSource } from './post-media-source.ts';
import classes from './post-media.module.css';
import { playAlone, useSoloAudio } from '../../../lib/solo-audio.ts';

/** A flat line where the server gave no waveform. */
const FLAT = Array.from({ length: 48 }, () => 30);

/**
 * A podcast: play/pause, its waveform (the bars played so far in the brand colour; a tap or arrow
 * keys seek) and its duration, known from the post so nothing is fetched before play
 * (`preload="none"`; the server answers Range requests when seeking).
 */
export function PostAudioPlayer({ media, alt }: { media: MediaItem; alt: string }) {
  const { t } = useTranslation('posts');
  const saving = useDataSaver();
  // One sound at a time in the whole app: a voice note pauses a podcast and back.
  const audio = useSoloAudio();
  const [isPlaying, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [failed, setFailed] = useState(false);
  const duration = media.durationMs ?? 0;
  const bars = media.waveform?.length ? media.waveform : FLAT;
  const played = duration > 0 ? position / duration : 0;
  const source = mediaSource(media, saving);

  const toggle = async () => {
    const element = audio.current;
    if (!element) return;
    if (!element.paused) return element.pause();
    setFailed(false);
    if (!(await playAlone(element))) setFailed(true);
  };

  const seekTo = (fraction: number) => {
    const element = audio.current;
    const ms = Math.min(1, Math.max(0, fraction)) * duration;
    setPosition(ms);
    if (element) element.currentTime = ms / 1000;
  };
  const onPointer = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width > 0) seekTo((event.clientX - box.left) / box.width);
  };
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 5000 : event.key === 'ArrowLeft' ? -5000 : 0;
    if (!step || duration === 0) return;
    event.preventDefault();
    seekTo((position + step) / duration);
  };

  return (
    <Group gap="sm" wrap="nowrap" className={classes.audio} role="group" aria-label={alt}>
      <audio
        ref={audio}
        src={source?.url}
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setPosition(0);
        }}
        onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime * 1000)}
        onError={() => setFailed(true)}
      />
      <ActionIcon
        size={44}
        radius="xl"
        onClick={() => void toggle()}
        disabled={!source}
        aria-label={isPlaying ? t('media.pause') : t('media.play')}
      >
        {isPlaying ? (
          <IconPlayerPauseFilled size={22} aria-hidden />
        ) : (
          <IconPlayerPlayFilled size={22} aria-hidden />
        )}
      </ActionIcon>
      <div
        className={classes.wave}
        role="slider"
        tabIndex={0}
        aria-label={t('media.position')}
        aria-valuemin={0}
        aria-valuemax={Math.round(duration / 1000)}
        aria-valuenow={Math.round(position / 1000)}
        aria-valuetext={formatDuration(position)}
        onPointerDown={onPointer}
        onKeyDown={onKey}
      >
        {bars.map((value, index) => (
          <span
            key={index}
            className={classes.bar}
            style={{ height: `${Math.max(8, value)}%` }}
            data-played={index / bars.length < played ? '' : undefined}
          />
        ))}
      </div>
      <Text size="sm" c={failed ? 'red' : 'dimmed'} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {failed ? t('media.failed') : formatDuration(isPlaying || position > 0 ? position : duration)}
      </Text>
    </Group>
  );
}
