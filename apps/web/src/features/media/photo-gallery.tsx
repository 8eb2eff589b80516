import { ActionIcon, Badge, Box, EmptyState, Menu, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconDots, IconPhoto, IconTrash, IconUserCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PHOTOS_PER_MEMBER_MAX, type Image } from '@motema/shared/media';
import { ResponsiveImage } from '../../ui/responsive-image.tsx';
import type { AvatarOwner } from './avatar-chooser.tsx';
import { AvatarSheet } from './avatar-sheet.tsx';
import { DeletePhotoDialog } from './delete-photo-dialog.tsx';
import { usePhotosQuery } from './media.api.ts';
import { PhotoUploader } from './photo-uploader.tsx';
import { LoadFailed } from '../../ui/load-failed.tsx';

/**
 * Three columns: on phones the page has 16 px of padding each side and 10 px gaps; from 45em the
 * page is at most 720 px wide (688 px inside), so a photo never shows wider than 224 px.
 */
export const GALLERY_SIZES = '(min-width: 45em) 224px, calc((100vw - 52px) / 3)';

function GallerySkeleton() {
  return (
    <SimpleGrid cols={3} spacing="xs" aria-busy>
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} radius="md" style={{ aspectRatio: '1' }} />
      ))}
    </SimpleGrid>
  );
}

/** The Pictures tab: the member's photos with add, delete (asked first) and "use as avatar". */
export function PhotoGallery({ member }: { member: AvatarOwner }) {
  const { t } = useTranslation('media');
  const photos = usePhotosQuery();
  const [avatarPhotoId, setAvatarPhotoId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Image | null>(null);
  const avatarId = member.avatar?._id ?? null;

  if (photos.isPending) return <GallerySkeleton />;
  if (photos.isError) {
    return (
      <LoadFailed
        message={t('gallery.loadFailed')}
        onRetry={() => void photos.refetch()}
        retrying={photos.isFetching}
      />
    );
  }

  const list = photos.data.photos;
  const full = photos.data.count >= PHOTOS_PER_MEMBER_MAX;

  if (list.length === 0) {
    return (
      <EmptyState
        icon={<IconPhoto size={28} />}
        withIndicatorBackground
        title={t('gallery.emptyTitle')}
        description={t('gallery.emptyText')}
      >
        <EmptyState.Actions>
          <PhotoUploader label={t('gallery.add')} variant="filled" />
        </EmptyState.Actions>
      </EmptyState>
    );
  }

  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('gallery.count', { count: photos.data.count, max: PHOTOS_PER_MEMBER_MAX })}
        </Text>
        {full ? (
          <Text size="sm">{t('gallery.limit', { max: PHOTOS_PER_MEMBER_MAX })}</Text>
        ) : (
          <Box maw={{ sm: 360 }}>
            <PhotoUploader label={t('gallery.add')} fullWidth />
          </Box>
        )}
      </Stack>

      <SimpleGrid cols={3} spacing="xs">
        {list.map((photo, index) => (
          <Box key={photo._id} pos="relative">
            <ResponsiveImage
              image={photo}
              alt={t('gallery.alt', { number: index + 1 })}
              sizes={GALLERY_SIZES}
              style={{
                width: '100%',
                height: 'auto',
                aspectRatio: '1',
                display: 'block',
                borderRadius: 'var(--mantine-radius-md)',
              }}
            />
            {photo._id === avatarId && (
              <Badge pos="absolute" bottom={6} left={6} size="sm" variant="filled">
                {t('gallery.avatarBadge')}
              </Badge>
            )}
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  pos="absolute"
                  top={4}
                  right={4}
                  size={36}
                  radius="xl"
                  variant="default"
                  style={{ opacity: 0.92 }}
                  aria-label={t('gallery.options', { number: index + 1 })}
                >
                  <IconDots size={20} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  leftSection={<IconUserCircle size={18} aria-hidden />}
                  disabled={photo._id === avatarId}
                  onClick={() => setAvatarPhotoId(photo._id)}
                >
                  {t('gallery.useAsAvatar')}
                </Menu.Item>
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={18} aria-hidden />}
                  onClick={() => setToDelete(photo)}
                >
                  {t('gallery.delete')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Box>
        ))}
      </SimpleGrid>

      <AvatarSheet
        member={member}
        opened={avatarPhotoId !== null}
        initialPhotoId={avatarPhotoId}
        onClose={() => setAvatarPhotoId(null)}
      />
      <DeletePhotoDialog
        photo={toDelete}
        isAvatar={toDelete !== null && toDelete._id === avatarId}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
