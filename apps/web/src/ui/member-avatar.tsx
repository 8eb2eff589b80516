import { Avatar, type AvatarProps } from '@mantine/core';
import type { AvatarThumbnail } from '@motema/shared/media';
import classes from './member-avatar.module.css';

type Props = Omit<AvatarProps, 'src' | 'name' | 'children'> & {
  name: string;
  /** A slim avatar (lists, message senders) or a whole Image: only the thumbnail is shown. */
  image: AvatarThumbnail | null;
  alt?: string;
  /**
   * Lists load their thumbnails as they scroll into view (`lazy`, the default). `eager` for the few
   * above the fold that are the page's largest paint (the first cards of the home grid).
   */
  loading?: 'lazy' | 'eager';
};

/** A member's round avatar: the small thumbnail (at most 15 KB), else their initials. */
export function MemberAvatar({ name, image, alt = '', loading = 'lazy', ...props }: Props) {
  return (
    <Avatar
      name={name}
      color="initials"
      src={image?.thumbnail}
      alt={alt}
      imageProps={{ loading, decoding: 'async' }}
      classNames={{ placeholder: classes.placeholder }}
      {...props}
    />
  );
}
