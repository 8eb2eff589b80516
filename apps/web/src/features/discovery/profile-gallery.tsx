import { ActionIcon, Box, Group, UnstyledButton } from '@mantine/core';
import type { Image } from '@motema/shared/media';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { releaseMedia, useMediaHeld } from '../../lib/data-saver.ts';
import { ResponsiveImage } from '../../ui/responsive-image.tsx';

type Props = {
  images: Image[];
  name: string;
  /** The `sizes` of the slides: how wide one shows at each screen width. */
  sizes: string;
  /** `cover` fills a square slide (the page); `contain` shows the whole photo (the full-size viewer). */
  fit: 'cover' | 'contain';
  /** The slide shown first. */
  start?: number;
  /** Tapping a slide: the page opens the full-size viewer there. */
  onOpen?: (index: number) => void;
  /** A fixed height for every slide (the viewer); otherwise slides are square. */
  height?: CSSProperties['height'];
  /** The photo now shown changed (the viewer reports the one on screen). */
  onShow?: (index: number) => void;
};

const TRACK: CSSProperties = {
  display: 'flex',
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
  overscrollBehaviorX: 'contain',
  scrollbarWidth: 'none',
};

/**
 * Photos side by side, one at a time: swiped with a finger (CSS scroll snapping, no script on the
 * gesture), or moved with the arrows on wide screens. Only the first photo loads at once; with data
 * saver on, none loads before a tap.
 */
export function ProfileGallery({ images, name, sizes, fit, start = 0, onOpen, height, onShow }: Props) {
  const { t } = useTranslation('discovery');
  const track = useRef<HTMLDivElement>(null);
  const [index, setShown] = useState(start);
  const total = images.length;
  const setIndex = (shown: number) => {
    setShown(shown);
    onShow?.(shown);
  };

  // The viewer opens on the photo that was tapped.
  useLayoutEffect(() => {
    const element = track.current;
    if (element && start > 0) element.scrollLeft = start * element.clientWidth;
  }, [start]);

  const onScroll = () => {
    const element = track.current;
    if (!element || element.clientWidth === 0) return;
    const current = Math.round(element.scrollLeft / element.clientWidth);
    if (current !== index) setIndex(Math.min(Math.max(current, 0), total - 1));
  };
  const goTo = (target: number) => {
    const element = track.current;
    if (!element) return;
    element.scrollTo({ left: target * element.clientWidth, behavior: 'smooth' });
    setIndex(target);
  };

  return (
    <Box
      pos="relative"
      role="region"
      aria-roledescription="carousel"
      aria-label={t('profile.gallery.label', { name })}
    >
      <div ref={track} style={TRACK} onScroll={onScroll}>
        {images.map((photo, position) => (
          <Slide
            key={photo._id}
            photo={photo}
            position={position}
            total={total}
            name={name}
            sizes={sizes}
            fit={fit}
            first={position === start}
            height={height}
            onOpen={onOpen}
          />
        ))}
      </div>
      {total > 1 && (
        <>
          <Box visibleFrom={onOpen ? 'sm' : undefined}>
            <GalleryArrow side="left" disabled={index === 0} onClick={() => goTo(index - 1)} />
            <GalleryArrow side="right" disabled={index === total - 1} onClick={() => goTo(index + 1)} />
          </Box>
          <Group gap={6} justify="center" pos="absolute" bottom={10} left={0} right={0} aria-hidden>
            {images.map((photo, position) => (
              <Box
                key={photo._id}
                w={position === index ? 18 : 8}
                h={8}
                style={{
                  borderRadius: 4,
                  background: 'white',
                  opacity: position === index ? 1 : 0.6,
                  boxShadow: '0 0 2px rgba(0, 0, 0, 0.6)',
                  transition: 'width 150ms',
                }}
              />
            ))}
          </Group>
        </>
      )}
    </Box>
  );
}

type SlideProps = Pick<Props, 'name' | 'sizes' | 'fit' | 'height' | 'onOpen'> & {
  photo: Image;
  position: number;
  total: number;
  /** The slide shown first: it loads at once, the others as they come near. */
  first: boolean;
};

/**
 * One photo of the gallery. A tap opens the viewer (`onOpen`); with data saver on, the first tap
 * loads the photo instead (until then only its blurred placeholder shows).
 */
function Slide({ photo, position, total, name, sizes, fit, first, height, onOpen }: SlideProps) {
  const { t } = useTranslation(['discovery', 'common']);
  const held = useMediaHeld(photo._id);
  const label = t('profile.gallery.photo', { name, index: position + 1, total });
  const slide: CSSProperties = {
    position: 'relative',
    flex: '0 0 100%',
    scrollSnapAlign: 'start',
    height,
    aspectRatio: height === undefined ? '1' : undefined,
  };
  const image = (alt: string) => (
    <ResponsiveImage
      image={photo}
      alt={alt}
      sizes={sizes}
      held={held}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : undefined}
      style={{
        display: 'block',
        width: '100%',
        height: '100%',
        objectFit: fit,
        backgroundSize: fit,
        backgroundRepeat: 'no-repeat',
        backgroundPosition: 'center',
      }}
    />
  );
  if (held) {
    return (
      <UnstyledButton
        style={slide}
        aria-label={t('common:dataSaver.load')}
        onClick={() => releaseMedia(photo._id)}
      >
        {image(onOpen ? '' : label)}
      </UnstyledButton>
    );
  }
  return onOpen ? (
    <UnstyledButton
      style={slide}
      aria-label={t('profile.gallery.open', { index: position + 1, total })}
      onClick={() => onOpen(position)}
    >
      {image('')}
    </UnstyledButton>
  ) : (
    <div style={slide} role="group" aria-label={label}>
      {image(label)}
    </div>
  );
}

function GalleryArrow({
  side,
  disabled,
  onClick,
}: {
  side: 'left' | 'right';
  disabled: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation('discovery');
  const Icon = side === 'left' ? IconChevronLeft : IconChevronRight;
  if (disabled) return null;
  return (
    <ActionIcon
      variant="white"
      color="dark"
      radius="xl"
      size="lg"
      pos="absolute"
      top="50%"
      style={{ [side]: 8, transform: 'translateY(-50%)', boxShadow: 'var(--mantine-shadow-sm)' }}
      aria-label={t(side === 'left' ? 'profile.gallery.previous' : 'profile.gallery.next')}
      onClick={onClick}
    >
      <Icon size={20} aria-hidden />
    </ActionIcon>
  );
}
