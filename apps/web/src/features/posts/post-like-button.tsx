import { Button } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type Props = {
  liked: boolean;
  likes: number;
  onToggle: (like: boolean) => void;
  /** A visitor (or a locked post) sees the count without the button working. */
  disabled?: boolean;
  size?: 'sm' | 'xs';
};

/** A heart and its count; pressed when the member likes it (shown at once, the server confirms). */
export function LikeButton({ liked, likes, onToggle, disabled = false, size = 'sm' }: Props) {
  const { t } = useTranslation('posts');
  return (
    <Button
      variant="subtle"
      color={liked ? 'coral' : 'gray'}
      size={size === 'sm' ? 'compact-md' : 'compact-sm'}
      leftSection={
        liked ? (
          <IconHeartFilled size={size === 'sm' ? 20 : 16} aria-hidden />
        ) : (
          <IconHeart size={size === 'sm' ? 20 : 16} aria-hidden />
        )
      }
      aria-pressed={liked}
      aria-label={t('likes.label', { count: likes })}
      onClick={() => onToggle(!liked)}
      disabled={disabled}
      styles={{ root: { fontVariantNumeric: 'tabular-nums' } }}
    >
      {likes}
    </Button>
  );
}
