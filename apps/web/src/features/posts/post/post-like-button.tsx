import { Button, Group, Text } from '@mantine/core';
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
  const iconSize = size === 'sm' ? 20 : 16;
  // Nothing to press (a visitor): the count, without a greyed-out button.
  if (disabled)
    return (
      <Group
        gap={4}
        c="dimmed"
        px={size === 'sm' ? 8 : 6}
        aria-label={t('likes.count', { count: likes })}
        role="img"
      >
        <IconHeart size={iconSize} aria-hidden />
        <Text size="sm" fw={600} aria-hidden style={{ fontVariantNumeric: 'tabular-nums' }}>
          {likes}
        </Text>
      </Group>
    );
  return (
    <Button
      variant="subtle"
      color={liked ? 'coral' : 'gray'}
      size={size === 'sm' ? 'compact-md' : 'compact-sm'}
      leftSection={
        liked ? <IconHeartFilled size={iconSize} aria-hidden /> : <IconHeart size={iconSize} aria-hidden />
      }
      aria-pressed={liked}
      aria-label={t('likes.label', { count: likes })}
      onClick={() => onToggle(!liked)}
      styles={{ root: { fontVariantNumeric: 'tabular-nums' } }}
    >
      {likes}
    </Button>
  );
}
