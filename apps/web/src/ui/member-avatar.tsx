import { Avatar, type AvatarProps } from '@mantine/core';
import type { Image } from '@motema/shared/media';

type Props = Omit<AvatarProps, 'src' | 'name' | 'children'> & { name: string; image: Image | null };

/** A member's round avatar: the small thumbnail (at most 15 KB), else their initials. */
export function MemberAvatar({ name, image, alt = '', ...props }: Props & { alt?: string }) {
  return <Avatar name={name} color="initials" src={image?.thumbnail} alt={alt} {...props} />;
}
