import type { CSSProperties } from 'react';
import { IconPhotoDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Image } from '@motema/shared/media';
import { useDataSaver } from '../lib/data-saver.ts';

type Props = {
  image: Image;
  alt: string;
  /** The `sizes` attribute: how wide the image shows, so the browser picks the smallest fitting file. */
  sizes: string;
  style?: CSSProperties;
  className?: string;
  loading?: 'lazy' | 'eager';
  fetchPriority?: 'high' | 'low' | 'auto';
  /**
   * Data saver holds this photo until a tap (`useMediaHeld`): only its blurred placeholder shows, with
   * a "Tap to load" label over it. The element around it (positioned) loads it on tap.
   */
  held?: boolean;
};

/** The thumbnail's width, and the largest file data saver lets through for anything bigger. */
const THUMBNAIL_WIDTH = 160;
const DATA_SAVER_MAX_WIDTH = 480;

/**
 * With data saver on, the widest file worth fetching for a slot of `sizes`: the thumbnail when every
 * slot is a fixed width of at most 160 px, else 480 px (sharp on a phone at 1x, soft at 2x or 3x).
 */
export function dataSaverMaxWidth(sizes: string): number {
  const lengths = sizes.split(',').map((entry) => /(\d+(?:\.\d+)?)(px|vw|em|rem)?\s*$/.exec(entry.trim()));
  const small = lengths.every((match) => match?.[2] === 'px' && Number(match[1]) <= THUMBNAIL_WIDTH);
  return small ? THUMBNAIL_WIDTH : DATA_SAVER_MAX_WIDTH;
}

/** The `srcset` of one format; `maxWidth` leaves out wider files (the narrowest one always stays). */
export function srcset(image: Image, type: 'image/avif' | 'image/webp', maxWidth = Infinity): string {
  const sources = image.sources.filter((source) => source.type === type).sort((a, b) => a.width - b.width);
  const kept = sources.filter((source, index) => index === 0 || source.width <= maxWidth);
  return kept.map((source) => `${source.url} ${source.width}w`).join(', ');
}

const LABEL: CSSProperties = {
  position: 'absolute',
  left: '50%',
  top: '50%',
  transform: 'translate(-50%, -50%)',
  display: 'inline-flex',
  alignItems: 'center',
  gap: 4,
  padding: '4px 8px',
  borderRadius: 999,
  background: 'rgba(0, 0, 0, 0.6)',
  color: 'white',
  fontSize: 12,
  lineHeight: 1.25,
  fontWeight: 600,
  width: 'max-content',
  maxWidth: 'calc(100% - 8px)',
  textAlign: 'center',
  pointerEvents: 'none',
};

/**
 * A member's photo: AVIF then WebP through `srcset`, drawn over its tiny blurred placeholder so the
 * layout never jumps and something shows at once on a slow network. With data saver on, files wider
 * than `dataSaverMaxWidth(sizes)` are left out of the `srcset`, and a `held` photo shows only its
 * placeholder (no download at all).
 */
export function ResponsiveImage({
  image,
  alt,
  sizes,
  style,
  className,
  loading = 'lazy',
  fetchPriority,
  held = false,
}: Props) {
  const { t } = useTranslation('common');
  const saving = useDataSaver();
  const common = {
    alt,
    width: image.width,
    height: image.height,
    className,
    style: {
      objectFit: 'cover',
      backgroundImage: `url("${image.placeholder}")`,
      backgroundSize: 'cover',
      ...style,
    } satisfies CSSProperties,
  };
  if (held) {
    return (
      <>
        <img src={image.placeholder} {...common} data-held="" />
        <span style={LABEL}>
          <IconPhotoDown size={16} aria-hidden style={{ flex: 'none' }} />
          {t('dataSaver.tapToLoad')}
        </span>
      </>
    );
  }
  const maxWidth = saving ? dataSaverMaxWidth(sizes) : Infinity;
  const avif = srcset(image, 'image/avif', maxWidth);
  return (
    <picture>
      {avif && <source type="image/avif" srcSet={avif} sizes={sizes} />}
      <img
        src={image.thumbnail}
        srcSet={srcset(image, 'image/webp', maxWidth)}
        sizes={sizes}
        loading={loading}
        decoding="async"
        fetchPriority={fetchPriority}
        {...common}
      />
    </picture>
  );
}
