import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Image } from '@motema/shared/media';
import { notify } from '../../lib/notices.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useDeletePhotoMutation } from './media.api.ts';

type Props = { photo: Image | null; isAvatar: boolean; onClose: () => void };

/** Asks before deleting a photo, and says when it is the avatar. */
export function DeletePhotoDialog({ photo, isAvatar, onClose }: Props) {
  const { t } = useTranslation('media');
  const remove = useDeletePhotoMutation();

  const confirm = () => {
    if (!photo) return;
    remove.mutate(photo._id, {
      onSuccess: () => {
        notify('positive', t('gallery.deleted'));
        onClose();
      },
    });
  };

  return (
    <ConfirmDialog
      opened={photo !== null}
      onClose={onClose}
      title={t('gallery.deleteTitle')}
      cancelLabel={t('gallery.cancel')}
      confirmLabel={t('gallery.delete')}
      onConfirm={confirm}
      danger
      loading={remove.isPending}
    >
      <Text size="sm">{t('gallery.deleteText')}</Text>
      {isAvatar && (
        <Text size="sm" mt="xs">
          {t('gallery.deleteAvatarText')}
        </Text>
      )}
    </ConfirmDialog>
  );
}
