import { Box, Group, Text, Title } from '@mantine/core';
import type { UserCard } from '@motema/shared/discovery';
import type { Image } from '@motema/shared/media';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataSaver } from '../../lib/data-saver.ts';
import { MemberText } from '../../ui/member-text.tsx';
import { NameAge } from '../../ui/name-age.tsx';
import { VerifiedBadge } from '../../ui/verified-badge.tsx';
import { ResponsiveImage } from '../../ui/responsive-image.tsx';
import { ActivityAndDistance, useDistanceLabel } from './member-facts.tsx';

export const FILL: CSSProperties = { position: 'absolute', inset: 0 };
const PHOTO: CSSProperties = { ...FILL, width: '100%', height: '100%', objectFit: 'cover' };
const ON_PHOTO = 'rgba(255, 255, 255, 0.88)';

/** The photos a card leafs through: the deck's answer carries them whole; a card without has none. */
export const photosOf = (user: UserCard): Image[] => user.photos ?? [];

/**
 * The segments at the top of a card, one per photo, the one shown filled (as Tinder's): decorative,
 * the photo's own text says "Photo 2 of 4".
 */
function PhotoDots({ count, current }: { count: number; current: number }) {
  if (count < 2) return null;
  return (
    <Group
      aria-hidden
      gap={4}
      wrap="nowrap"
      data-photo-dots=""
      style={{ position: 'absolute', top: 8, insetInline: 8, zIndex: 1, pointerEvents: 'none' }}
    >
      {Array.from({ length: count }, (_, index) => (
        <Box
          key={index}
          data-current={index === current || undefined}
          style={{
            flex: 1,
            height: 4,
            borderRadius: 2,
            background: index === current ? 'white' : 'rgba(255, 255, 255, 0.4)',
            boxShadow: '0 0 2px rgba(0, 0, 0, 0.35)',
          }}
        />
      ))}
    </Group>
  );
}

/** Name and age (the age always whole), the bio line, activity and distance bucket, over the photo's foot. */
function CardFacts({ user }: { user: UserCard }) {
  const { t } = useTranslation('discovery');
  const distance = useDistanceLabel(user.distance);
  return (
    <Box
      p="md"
      pt={56}
      style={{
        position: 'absolute',
        insetInline: 0,
        bottom: 0,
        background: 'linear-gradient(transparent, rgba(0, 0, 0, 0.78))',
        color: 'white',
        pointerEvents: 'none',
      }}
    >
      <Title order={2} size="h2" c="white" lh={1.2}>
        <NameAge
          name={user.firstName ?? user.name}
          format={(name) => t('card.nameAge', { name, age: user.age })}
          badge={<VerifiedBadge verified={user.verified} size={22} />}
        />
      </Title>
      {user.about && (
        <Text size="sm" c="white" lineClamp={2} mt={2} data-bio="">
          <MemberText>{user.about}</MemberText>
        </Text>
      )}
      <Box mt={4} style={{ '--mantine-color-dimmed': ON_PHOTO } as CSSProperties}>
        <ActivityAndDistance activity={user.activity} distance={distance} />
      </Box>
    </Box>
  );
}

/**
 * The picture side of a card: for the top card (`large`), its photo number `photo` whole (at most 480
 * px wide with data saver: the deck is about photos, so the one shown loads without a tap; the others
 * only when the member taps to them), with the dots; for the cards waiting, the thumbnail.
 */
export function SwapCardFace({ user, large, photo = 0 }: { user: UserCard; large: boolean; photo?: number }) {
  const { t } = useTranslation('discovery');
  const saving = useDataSaver();
  const photos = photosOf(user);
  const shown = large ? photos[photo] : undefined;
  return (
    <Box
      style={{
        ...FILL,
        overflow: 'hidden',
        borderRadius: 'var(--mantine-radius-lg)',
        background: 'linear-gradient(160deg, var(--mantine-color-coral-3), var(--mantine-color-ochre-4))',
        boxShadow: 'var(--mantine-shadow-md)',
      }}
    >
      {shown ? (
        <ResponsiveImage
          key={shown._id}
          image={shown}
          alt={photos.length > 1 ? t('swap.photoOf', { index: photo + 1, total: photos.length }) : ''}
          sizes="(min-width: 30em) 420px, 100vw"
          loading="eager"
          fetchPriority="high"
          style={PHOTO}
        />
      ) : user.avatar ? (
        <img
          // Data saver loads nothing ahead: the card waiting underneath shows its placeholder only.
          src={saving ? user.avatar.placeholder : user.avatar.thumbnail}
          alt=""
          style={{ ...PHOTO, backgroundImage: `url("${user.avatar.placeholder}")`, backgroundSize: 'cover' }}
        />
      ) : (
        <Text
          aria-hidden
          fw={800}
          c="white"
          style={{ ...FILL, display: 'grid', placeItems: 'center', fontSize: '6rem', opacity: 0.85 }}
        >
          {(user.firstName ?? user.name).slice(0, 1).toUpperCase()}
        </Text>
      )}
      {large && <PhotoDots count={photos.length} current={photo} />}
      <CardFacts user={user} />
    </Box>
  );
}
