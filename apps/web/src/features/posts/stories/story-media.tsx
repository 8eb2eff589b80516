import { Button, Loader, Stack, Text } from '@mantine/core';
import type { MediaItem } from '@motema/shared/posts';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useEffect, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataSaver } from '../../../lib/data-saver.ts';
import { dataSaverMaxWidth, srcset } from '../../../ui/responsive-image.tsx';

/** How a story's photo shows in the viewer: the whole of it, on the viewer's black. */
const FILL: CSSProperties = { width: '100%', height: '100%', objectFit: 'contain', display: 'block' };
const PHOTO_SIZES = '(min-width: 30em) 420px, 100vw';

type NetworkInformationLike = { type?: string };

/** Whether the device says it is on mobile data (Chrome on Android tells; other browsers do not). */
export function onMobileData(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  return connection?.type === 'cellular';
}

/** The file of a video a story plays: the data saver's when it is on, else the standard one. */
export function storyVideoSource(media: MediaItem, saving: boolean) {
  const wanted = saving ? 'saver' : 'standard';
  return media.sources.find((source) => source.quality === wanted) ?? media.sources[0] ?? null;
}

/** The poster of a video: the widest WebP of at most 480 px (the viewer's slot on a phone), else the thumbnail. */
function posterOf(media: MediaItem): string | undefined {
  const image = media.image;
  if (!image) return undefined;
  const fitting = image.sources
    .filter((source) => source.type === 'image/webp' && source.width <= 480)
    .sort((a, b) => b.width - a.width)[0];
  return fitting?.url ?? image.thumbnail;
}

type Props = {
  media: MediaItem;
  /** The member's first name, for the photo's description. */
  alt: string;
  paused: boolean;
  muted: boolean;
  /** Whether a video waits for a tap before it plays (data saver, mobile data): `onStart` ends the wait. */
  held: boolean;
  onStart: () => void;
  /** The browser refused to start the video by itself (a power saver): it waits for a tap too. */
  onBlocked: () => void;
  /** The photo has drawn, or the video plays: the story's time runs from then. */
  onReady: (ready: boolean) => void;
  /** A video's part played, from 0 to 1. */
  onProgress: (fraction: number) => void;
  onEnded: () => void;
};

/**
 * A story's photo or video, full size in the viewer. A photo draws over its blurred placeholder and
 * counts as ready once loaded (the time on screen does not run while a slow network brings it). A
 * video plays muted (sound waits for the member's choice), its file the data saver's when that is
 * on; where nothing may play by itself it shows its poster and a play button.
 */
export function StoryMedia({
  media,
  alt,
  paused,
  muted,
  held,
  onStart,
  onBlocked,
  onReady,
  onProgress,
  onEnded,
}: Props) {
  const { t } = useTranslation('stories');
  const saving = useDataSaver();
  const video = useRef<HTMLVideoElement>(null);
  const playing = !paused && !held;

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (!playing) return void element.pause();
    element.play()?.catch((error: unknown) => {
      // A pause or the next story interrupted it (AbortError): nothing to do. Else the browser
      // refuses to start a video by itself: the member's tap starts it.
      if (!(error instanceof DOMException && error.name === 'AbortError')) onBlocked();
    });
  }, [playing, onBlocked, media._id]);

  if (media.status !== 'ready') {
    return (
      <Stack h="100%" align="center" justify="center" gap="sm" c="white">
        {media.status === 'processing' && <Loader color="white" size="sm" aria-hidden />}
        <Text size="sm" ta="center" px="lg">
          {t(media.status === 'processing' ? 'viewer.processing' : 'viewer.failed')}
        </Text>
      </Stack>
    );
  }

  if (media.kind === 'video') {
    const source = storyVideoSource(media, saving);
    return (
      <>
        <video
          ref={video}
          // Not one element for two stories: the next video starts from its own beginning.
          key={media._id}
          src={held ? undefined : source?.url}
          poster={posterOf(media)}
          muted={muted}
          playsInline
          preload={held ? 'none' : 'auto'}
          style={FILL}
          onPlaying={() => onReady(true)}
          onWaiting={() => onReady(false)}
          onTimeUpdate={(event) => {
            const { currentTime, duration } = event.currentTarget;
            if (duration > 0 && Number.isFinite(duration)) onProgress(currentTime / duration);
          }}
          onEnded={onEnded}
          data-story-video=""
        />
        {held && (
          <Button
            pos="absolute"
            top="50%"
            left="50%"
            style={{ transform: 'translate(-50%, -50%)', zIndex: 2 }}
            radius="xl"
            size="md"
            color="dark"
            leftSection={<IconPlayerPlayFilled size={18} aria-hidden />}
            onClick={onStart}
            // The viewer's taps stay with the viewer's gestures, not this button's.
            onPointerDown={(event) => event.stopPropagation()}
            onPointerUp={(event) => event.stopPropagation()}
          >
            {t('viewer.play')}
          </Button>
        )}
      </>
    );
  }

  const image = media.image;
  if (!image) return null;
  const maxWidth = saving ? dataSaverMaxWidth(PHOTO_SIZES) : Infinity;
  const avif = srcset(image, 'image/avif', maxWidth);
  return (
    <picture key={media._id}>
      {avif && <source type="image/avif" srcSet={avif} sizes={PHOTO_SIZES} />}
      <img
        src={image.thumbnail}
        srcSet={srcset(image, 'image/webp', maxWidth)}
        sizes={PHOTO_SIZES}
        alt={t('viewer.photoAlt', { name: alt })}
        width={image.width}
        height={image.height}
        decoding="async"
        fetchPriority="high"
        style={{
          ...FILL,
          backgroundImage: `url("${image.placeholder}")`,
          backgroundSize: 'contain',
          backgroundPosition: 'center',
          backgroundRepeat: 'no-repeat',
        }}
        onLoad={() => onReady(true)}
        // A photo that cannot load still gives way to the next one after its time.
        onError={() => onReady(true)}
        ref={(element) => {
          // From the HTTP cache the photo may be complete before React listens.
          if (element?.complete && element.naturalWidth > 0) onReady(true);
        }}
      />
    </picture>
  );
}
