import { UnstyledButton } from '@mantine/core';
import type { MediaItem } from '@motema/shared/posts';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { releaseMedia, useMediaHeld } from '../../../lib/data-saver.ts';
import { ResponsiveImage } from '../../../ui/responsive-image.tsx';
import classes from './post-media.module.css';

/** A post's photo in a grid cell: half the post's width on a phone, at most 300 px on a wide screen. */
const CELL_SIZES = '(min-width: 40em) 300px, 50vw';
/** A single photo: the post's whole width. */
const SINGLE_SIZES = '(min-width: 40em) 600px, 100vw';

function Photo({
  item,
  alt,
  sizes,
  single,
  foremost,
  first,
}: {
  item: MediaItem;
  alt: string;
  sizes: string;
  single: boolean;
  /** Loaded at once, not when scrolled near; the `first` before anything else. */
  foremost: boolean;
  first: boolean;
}) {
  // Data saver: the blurred placeholder until the member taps it (then only this photo loads).
  const held = useMediaHeld(item._id);
  const image = item.image;
  if (!image) return null;
  const style: CSSProperties = single
    ? { width: '100%', height: 'auto', maxHeight: '80vh', aspectRatio: `${image.width} / ${image.height}` }
    : { width: '100%', height: '100%' };
  const picture = (
    <ResponsiveImage
      image={image}
      alt={alt}
      sizes={sizes}
      held={held}
      style={style}
      loading={foremost ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : undefined}
    />
  );
  if (!held) return <div className={classes.cell}>{picture}</div>;
  return (
    // Named by the photo's description and the visible "Tap to load" (no label of its own to differ from them).
    <UnstyledButton className={classes.cell} onClick={() => releaseMedia(item._id)}>
      {picture}
    </UnstyledButton>
  );
}

type Props = {
  photos: MediaItem[];
  /** Describes each photo ("Photo 2 of 5 by Amani"). */
  alt: (index: number) => string;
  /** Cells shown; the last one says how many more there are (the feed shows 4, the post all). */
  limit?: number;
  /**
   * The photos are the page's first paint (the post's own page): the first rows load at once, the
   * first photo before anything else, and a painted page's code waits for them (build/painted-start.ts,
   * bar B4's LCP). Elsewhere (a feed) they load as they are scrolled to.
   */
  foremost?: boolean;
};

/** The cells of the first two rows: what a post's page shows before any scrolling. */
const FOREMOST_CELLS = 4;

/**
 * A post's photos: one takes the whole width at its own proportions; several make a grid of square
 * cells, each its smallest fitting file (`image.sources` through `srcset`) over its blurred
 * placeholder, so the layout never jumps.
 */
export function PostPhotoGrid({ photos, alt, limit = photos.length, foremost = false }: Props) {
  const loading = (index: number) => ({
    foremost: foremost && index < FOREMOST_CELLS,
    first: foremost && index === 0,
  });
  const { t } = useTranslation('posts');
  if (photos.length === 0) return null;
  if (photos.length === 1)
    return (
      <div className={classes.single}>
        <Photo item={photos[0]!} alt={alt(0)} sizes={SINGLE_SIZES} single {...loading(0)} />
      </div>
    );
  const shown = photos.slice(0, limit);
  const more = photos.length - shown.length;
  return (
    <div className={classes.grid} data-count={Math.min(shown.length, 4)}>
      {shown.map((item, index) => (
        <div key={item._id} className={classes.gridCell}>
          <Photo item={item} alt={alt(index)} sizes={CELL_SIZES} single={false} {...loading(index)} />
          {more > 0 && index === shown.length - 1 && (
            <span className={classes.more} aria-label={t('media.morePhotos', { count: more })}>
              +{more}
            </span>
          )}
        </div>
      ))}
    </div>
  );
}
