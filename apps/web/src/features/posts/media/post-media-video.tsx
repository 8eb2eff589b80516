import { UnstyledButton } from '@mantine/core';
import type { MediaItem } from '@motema/shared/posts';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataSaver } from '../../../lib/data-saver.ts';
import { ResponsiveImage } from '../../../ui/responsive-image.tsx';
import { formatDuration } from '../../../lib/format-duration.ts';
import { mediaSource, megabytes } from './post-media-source.ts';
import classes from './post-media.module.css';

const POSTER_SIZES = '(min-width: 40em) 600px, 100vw';

/**
 * A post's video: its poster and a play button first, and not one byte of the video before the
 * member taps (nothing plays by itself, on mobile data or anywhere: a feed of videos starting on
 * their own burns a member's data). The tap loads the standard file, or the data saver's with data
 * saver on; the browser's own controls then seek with Range requests.
 */
export function PostVideoPlayer({
  media,
  alt,
  foremost = false,
}: {
  media: MediaItem;
  alt: string;
  /** The post is its page's own: the poster is the page's first paint and loads at once, first. */
  foremost?: boolean;
}) {
  const { t } = useTranslation('posts');
  const saving = useDataSaver();
  const [started, setStarted] = useState(false);
  const source = mediaSource(media, saving);
  const poster = media.image;
  const ratio = media.width && media.height ? `${media.width} / ${media.height}` : '16 / 9';

  if (started && source)
    return (
      <div className={classes.video}>
        <video
          src={source.url}
          poster={poster?.thumbnail}
          controls
          autoPlay
          playsInline
          preload="none"
          style={{ aspectRatio: ratio }}
          aria-label={alt}
          data-quality={source.quality}
        />
      </div>
    );

  return (
    <div className={classes.video} style={{ aspectRatio: ratio }}>
      {poster && (
        <ResponsiveImage
          image={poster}
          alt=""
          sizes={POSTER_SIZES}
          loading={foremost ? 'eager' : 'lazy'}
          fetchPriority={foremost ? 'high' : undefined}
          style={{ width: '100%', height: '100%', objectFit: 'contain', background: 'black' }}
        />
      )}
      <UnstyledButton
        className={classes.play}
        onClick={() => setStarted(true)}
        disabled={!source}
        aria-label={
          saving && source
            ? t('media.playVideoSize', { what: alt, size: megabytes(source.bytes) })
            : t('media.playVideo', { what: alt })
        }
      >
        <span className={classes.playCircle}>
          <IconPlayerPlayFilled size={30} aria-hidden />
        </span>
        {saving && source && (
          <span className={classes.playLabel}>{t('media.saverSize', { size: megabytes(source.bytes) })}</span>
        )}
      </UnstyledButton>
      {media.durationMs !== null && (
        <span className={classes.duration}>{formatDuration(media.durationMs)}</span>
      )}
    </div>
  );
}
