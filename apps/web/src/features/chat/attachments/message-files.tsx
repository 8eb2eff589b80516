import { Box, Modal, Text } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatFile } from '@motema/shared/chat';
import type { Image } from '@motema/shared/media';
import { releaseMedia, useMediaHeld } from '../../../lib/data-saver.ts';
import { ResponsiveImage } from '../../../ui/responsive-image.tsx';
import { formatDuration } from '../../../lib/format-duration.ts';
import classes from './attachments.module.css';
import { VoicePlayer } from './voice-player.tsx';

/** One photo of a message: a tap opens it full size, or first loads it when data saver holds it. */
function PhotoTile({
  image,
  label,
  sizes,
  onOpen,
}: {
  image: Image;
  label: string;
  sizes: string;
  onOpen: () => void;
}) {
  const { t } = useTranslation('common');
  const held = useMediaHeld(image._id);
  return (
    <button
      type="button"
      className={classes.photoButton}
      onClick={() => (held ? releaseMedia(image._id) : onOpen())}
      aria-label={held ? t('dataSaver.load') : label}
    >
      <ResponsiveImage
        image={image}
        alt=""
        sizes={sizes}
        held={held}
        className={classes.photo}
        style={{ '--photo-ratio': `${image.width} / ${image.height}` } as CSSProperties}
      />
    </button>
  );
}

function Photos({ photos }: { photos: ChatFile[] }) {
  const { t } = useTranslation('attachments');
  const [open, setOpen] = useState<Image | null>(null);
  const single = photos.length === 1;
  return (
    <>
      <div className={classes.photoGrid} data-single={single || undefined}>
        {photos.map((file, index) => (
          <PhotoTile
            key={file._id}
            image={file.image!}
            label={t('photo.open', { number: index + 1, count: photos.length })}
            sizes={single ? '260px' : '130px'}
            onOpen={() => setOpen(file.image!)}
          />
        ))}
      </div>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        fullScreen
        title={t('photo.title')}
        closeButtonProps={{ 'aria-label': t('photo.close'), c: 'white' }}
        classNames={{ content: classes.viewer, header: classes.viewerHeader, body: classes.viewerBody }}
      >
        {open && (
          <ResponsiveImage
            image={open}
            alt={t('photo.full')}
            sizes="100vw"
            loading="eager"
            className={classes.fullPhoto}
            style={{ objectFit: 'contain' }}
          />
        )}
      </Modal>
    </>
  );
}

/** A video: a dark tile with a play button; the player (and its download) starts only on a tap. */
function Video({ file }: { file: ChatFile }) {
  const { t } = useTranslation('attachments');
  const [started, setStarted] = useState(false);
  if (started) {
    return (
      <video
        className={classes.video}
        src={file.url ?? undefined}
        preload="none"
        controls
        autoPlay
        playsInline
        aria-label={t('video.label')}
      />
    );
  }
  return (
    <button
      type="button"
      className={classes.videoTile}
      onClick={() => setStarted(true)}
      aria-label={t('video.play')}
    >
      <IconPlayerPlayFilled size={40} aria-hidden />
      {file.durationMs !== null && (
        <Text size="xs" className={classes.videoDuration}>
          {formatDuration(file.durationMs)}
        </Text>
      )}
    </button>
  );
}

/**
 * The files of a message, inside its bubble.
 * Props:
 * - `files`: the message's files (ChatFile[] of packages/shared/src/chat.ts), in order;
 * - `mine`: the bubble is the member's own (colours of the player follow the bubble).
 * Photos show through ResponsiveImage (a tap opens them full size); voice notes and audio files as a
 * compact player; videos as a tap-to-play tile. Nothing but the photos' small variants downloads
 * before the member taps (with data saver on, not even those): members pay for their data.
 */
export function MessageFiles({ files, mine }: { files: ChatFile[]; mine: boolean }) {
  const photos = files.filter((file) => file.type === 'photo' && file.image);
  const others = files.filter((file) => file.type !== 'photo');
  if (files.length === 0) return null;
  return (
    <Box className={classes.files}>
      {photos.length > 0 && <Photos photos={photos} />}
      {others.map((file) =>
        file.type === 'video' ? (
          <Video key={file._id} file={file} />
        ) : (
          <VoicePlayer key={file._id} file={file} mine={mine} />
        ),
      )}
    </Box>
  );
}
