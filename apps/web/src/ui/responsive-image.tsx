import type { CSSProperties } from 'react';
import type { Image } from '@motema/shared/media';

type Props = {
  image: Image;
  alt: string;
  /** The `sizes` attribute: how wide the image shows, so the browser picks the smallest fitting file. */
  sizes: string;
  style?: CSSProperties;
  className?: string;
  loading?: 'lazy' | 'eager';
  fetchPriority?: 'high' | 'low' | 'auto';
};

function srcset(image: Image, type: 'image/avif' | 'image/webp') {
  return image.sources
    .filter((source) => source.type === type)
    .map((source) => `${source.url} ${source.width}w`)
    .join(', ');
}

/**
 * A member's photo: AVIF then WebP through `srcset`, drawn over its tiny blurred placeholder so the
 * layout never jumps and something shows at once on a slow network.
 */
export function ResponsiveImage({
  image,
  alt,
  sizes,
  style,
  className,
  loading = 'lazy',
  fetchPriority,
}: Props) {
  const avif = srcset(image, 'image/avif');
  return (
    <picture>
      {avif && <source type="image/avif" srcSet={avif} sizes={sizes} />}
      <img
        src={image.thumbnail}
        srcSet={srcset(image, 'image/webp')}
        sizes={sizes}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={loading}
        decoding="async"
        fetchPriority={fetchPriority}
        className={className}
        style={{
          objectFit: 'cover',
          backgroundImage: `url("${image.placeholder}")`,
          backgroundSize: 'cover',
          ...style,
        }}
      />
    </picture>
  );
}
