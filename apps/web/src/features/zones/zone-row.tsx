import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { Image } from '@motema/shared/media';
import type { Zone } from '@motema/shared/zones';
import { IconLock, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MemberText } from '../../ui/member-text.tsx';
import { ResponsiveImage } from '../../ui/responsive-image.tsx';

/** The zone's access as a small badge: public or private. */
export function AccessBadge({ access }: { access: Zone['access'] }) {
  const { t } = useTranslation('zones');
  const Icon = access === 'private' ? IconLock : IconWorld;
  return (
    <Badge
      variant="light"
      color={access === 'private' ? 'grape' : 'teal'}
      leftSection={<Icon size={12} aria-hidden />}
    >
      {t(`access.${access}`)}
    </Badge>
  );
}

/** One zone in a list: its cover's thumbnail, title, @name, access and members, leading to its page. */
export function ZoneRow({ zone }: { zone: Zone }) {
  const { t } = useTranslation('zones');
  const cover = zone.coverImage;
  return (
    <Card component={Link} to={`/zone/${zone._id}`} withBorder radius="md" padding="sm">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {cover && (
          // Decorative (the title says which zone): the smallest file that fits, lazy, over its placeholder.
          <ResponsiveImage
            image={cover}
            alt=""
            sizes="48px"
            style={{ width: 48, height: 48, borderRadius: 8 }}
          />
        )}
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600} lineClamp={1}>
            <MemberText>{zone.title}</MemberText>
          </Text>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              @{zone.name}
            </Text>
            <AccessBadge access={zone.access} />
            <Text size="sm" c="dimmed">
              {t('members', { count: zone.members })}
            </Text>
            {zone.role === 'waiting' && (
              <Text size="sm" fw={600}>
                {t('role.waiting')}
              </Text>
            )}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

/** A list of zones, or a short line when there is none. */
export function ZoneList({ zones, empty }: { zones: Zone[]; empty: string }) {
  if (zones.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {empty}
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {zones.map((zone) => (
        <li key={zone._id}>
          <ZoneRow zone={zone} />
        </li>
      ))}
    </Stack>
  );
}

/**
 * A zone's cover photo as wide as the screen on a phone, the zone screens' 600 px column beyond: the
 * browser picks the smallest file that fits; lazy, over its blurred placeholder (no layout shift).
 */
export function ZoneCover({ image }: { image: Image }) {
  const { t } = useTranslation('zones');
  return (
    <ResponsiveImage
      image={image}
      alt={t('form.cover')}
      sizes="(max-width: 600px) 100vw, 600px"
      style={{ width: '100%', height: 'auto', aspectRatio: '3 / 1', borderRadius: 8 }}
    />
  );
}
