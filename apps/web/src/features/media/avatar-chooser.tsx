import { Box, Button, Center, Group, SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PHOTOS_PER_MEMBER_MAX, type Image } from '@motema/shared/media';
import type { Me } from '@motema/shared/users';
import { notify } from '../../lib/notices.ts';
import { MemberAvatar } from '../../ui/member-avatar.tsx';
import { ResponsiveImage } from '../../ui/responsive-image.tsx';
import { usePhotosQuery, useSetAvatarMutation } from './media.api.ts';
import { PhotoUploader } from './photo-uploader.tsx';

const PREVIEW_SIZE = 144;
/** Four columns in a 360 px sheet or a 440 px dialog: at most about 100 px each. */
const CHOICE_SIZES = '(min-width: 48em) 100px, calc((100vw - 62px) / 4)';

/**
 * What media's avatar components need of the member: the name (initials while there is no photo) and
 * the avatar. The caller passes the member it shows, so media reads nothing of the users feature.
 */
export type AvatarOwner = Pick<Me, 'name' | 'avatar'>;

type Props = {
  member: AvatarOwner;
  initialPhotoId?: string | null;
  onDone: () => void;
  /** Whether a saved choice says so in a notice (the onboarding's photo step says welcome instead). */
  announce?: boolean;
};

/** Pick one of your photos (or upload one), see it round as others will, then confirm; or remove the avatar. */
export function AvatarChooser({ member, initialPhotoId, onDone, announce = true }: Props) {
  const { t } = useTranslation('media');
  const photos = usePhotosQuery();
  const setAvatar = useSetAvatarMutation();
  const current = member.avatar;
  const choicesId = useId();
  const [selectedId, setSelectedId] = useState<string | null>(initialPhotoId ?? current?._id ?? null);

  const list = photos.data?.photos ?? [];
  const selected: Image | null =
    list.find((photo) => photo._id === selectedId) ?? (current?._id === selectedId ? current : null);
  const full = (photos.data?.count ?? 0) >= PHOTOS_PER_MEMBER_MAX;

  const save = (photoId: string | null) =>
    setAvatar.mutate(photoId, {
      onSuccess: () => {
        if (announce) notify('positive', t(photoId ? 'avatar.updated' : 'avatar.removed'));
        onDone();
      },
    });

  return (
    <Stack gap="md">
      <Stack gap="xs" align="center">
        {selected ? (
          <ResponsiveImage
            image={selected}
            alt={t('avatar.previewAlt')}
            sizes={`${PREVIEW_SIZE}px`}
            loading="eager"
            style={{ width: PREVIEW_SIZE, height: PREVIEW_SIZE, borderRadius: '50%', display: 'block' }}
          />
        ) : (
          <MemberAvatar name={member.name} image={null} size={PREVIEW_SIZE} radius={PREVIEW_SIZE} />
        )}
        <Text size="sm" c="dimmed" ta="center" maw={300}>
          {!selected
            ? t('avatar.noneSelected')
            : selected._id === current?._id
              ? t('avatar.isCurrent')
              : t('avatar.previewHint')}
        </Text>
      </Stack>

      <Stack gap="xs">
        <Text fw={600} id={choicesId}>
          {t('avatar.yourPhotos')}
        </Text>
        {photos.isPending ? (
          <SimpleGrid cols={4} spacing="xs" aria-busy>
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} radius="md" style={{ aspectRatio: '1' }} />
            ))}
          </SimpleGrid>
        ) : list.length === 0 ? (
          <Text size="sm">{t('avatar.noPhotos')}</Text>
        ) : (
          <SimpleGrid cols={4} spacing="xs" role="group" aria-labelledby={choicesId}>
            {list.map((photo, index) => {
              const chosen = photo._id === selectedId;
              return (
                <UnstyledButton
                  key={photo._id}
                  aria-pressed={chosen}
                  aria-label={t('avatar.photo', { number: index + 1 })}
                  onClick={() => setSelectedId(photo._id)}
                  pos="relative"
                  style={{
                    borderRadius: 'var(--mantine-radius-md)',
                    outline: chosen ? '3px solid var(--mantine-primary-color-filled)' : undefined,
                    outlineOffset: 2,
                  }}
                >
                  <ResponsiveImage
                    image={photo}
                    alt=""
                    sizes={CHOICE_SIZES}
                    style={{
                      width: '100%',
                      height: 'auto',
                      aspectRatio: '1',
                      display: 'block',
                      borderRadius: 'var(--mantine-radius-md)',
                    }}
                  />
                  {chosen && (
                    <Center
                      pos="absolute"
                      top={4}
                      right={4}
                      w={22}
                      h={22}
                      bg="var(--mantine-primary-color-filled)"
                      c="white"
                      style={{ borderRadius: '50%' }}
                    >
                      <IconCheck size={16} stroke={3} aria-hidden />
                    </Center>
                  )}
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
        )}
        {full ? (
          <Text size="sm" c="dimmed">
            {t('gallery.limit', { max: PHOTOS_PER_MEMBER_MAX })}
          </Text>
        ) : (
          // The new photo shows at once, selected in the preview: no notice on top of it.
          <PhotoUploader
            onUploaded={(image) => setSelectedId(image._id)}
            variant="default"
            fullWidth
            announceDone={false}
          />
        )}
      </Stack>

      <Box>
        <Button
          fullWidth
          onClick={() => selectedId && save(selectedId)}
          disabled={!selectedId || selectedId === current?._id}
          loading={setAvatar.isPending && setAvatar.variables !== null}
        >
          {t('avatar.confirm')}
        </Button>
        {current && (
          <Group justify="center" mt="xs">
            <Button
              variant="subtle"
              color="red"
              onClick={() => save(null)}
              loading={setAvatar.isPending && setAvatar.variables === null}
              disabled={setAvatar.isPending}
            >
              {t('avatar.remove')}
            </Button>
          </Group>
        )}
      </Box>
    </Stack>
  );
}
