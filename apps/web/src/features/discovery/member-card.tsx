import { Box, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import type { UserCard } from '@motema/shared/discovery';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MemberAvatar } from '../../ui/member-avatar.tsx';
import { NameAge } from '../../ui/name-age.tsx';
import { VerifiedBadge } from '../../ui/verified-badge.tsx';
import { ActivityDot, ActivityLabel, useDistanceLabel } from './member-facts.tsx';

/** Row cards have a fixed width; grid cards fill their column. */
export const ROW_CARD_WIDTH = 120;
/** Line heights of the card's texts (Mantine: 14 px x 1.45 and 12 px x 1.4), for the skeleton. */
const TEXT_SM_HEIGHT = 20.3;
const TEXT_XS_HEIGHT = 16.8;

type Props = { user: UserCard; variant: 'row' | 'grid' };

/** A member in a list: thumbnail, first name and age, activity and distance bucket; opens the profile. */
export function MemberCard({ user, variant }: Props) {
  const { t } = useTranslation('discovery');
  const distance = useDistanceLabel(user.distance);
  const width = variant === 'row' ? ROW_CARD_WIDTH : '100%';
  return (
    <UnstyledButton
      component={Link}
      to={`/profile/${user._id}`}
      w={width}
      display="block"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Box pos="relative">
        <MemberAvatar
          name={user.name}
          image={user.avatar}
          radius="md"
          size={variant === 'row' ? ROW_CARD_WIDTH : undefined}
          style={variant === 'grid' ? { width: '100%', height: 'auto', aspectRatio: '1' } : undefined}
          styles={{
            placeholder: { fontSize: variant === 'row' ? 32 : 40 },
            // The tiny blurred preview shows at once while the thumbnail arrives.
            root: user.avatar
              ? { backgroundImage: `url("${user.avatar.placeholder}")`, backgroundSize: 'cover' }
              : undefined,
          }}
        />
        <Box pos="absolute" bottom={6} right={6} lh={0}>
          <ActivityDot activity={user.activity} size={12} ring />
        </Box>
      </Box>
      <Stack gap={0} mt={6}>
        <Text fw={600} size="sm" component="div">
          <NameAge
            name={user.firstName ?? user.name}
            format={(name) => t('card.nameAge', { name, age: user.age })}
            badge={<VerifiedBadge verified={user.verified} size={14} />}
          />
        </Text>
        <ActivityLabel activity={user.activity} short />
        {distance && (
          <Text size="xs" c="dimmed" truncate>
            {distance}
          </Text>
        )}
      </Stack>
    </UnstyledButton>
  );
}

/** The shape of a card while its list loads: the same height as a card, so nothing jumps. */
export function MemberCardSkeleton({ variant }: { variant: 'row' | 'grid' }) {
  const line = (height: number, width: string, size: number) => (
    <Box h={height} display="flex" style={{ alignItems: 'center' }}>
      <Skeleton height={size} width={width} radius="sm" />
    </Box>
  );
  return (
    <Box w={variant === 'row' ? ROW_CARD_WIDTH : '100%'}>
      <Skeleton radius="md" style={{ aspectRatio: '1' }} />
      <Stack gap={0} mt={6}>
        {line(TEXT_SM_HEIGHT, '80%', 12)}
        {line(TEXT_XS_HEIGHT, '65%', 10)}
        {line(TEXT_XS_HEIGHT, '55%', 10)}
      </Stack>
    </Box>
  );
}
