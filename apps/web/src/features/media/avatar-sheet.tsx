import { Drawer, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AvatarChooser, type AvatarOwner } from './avatar-chooser.tsx';
import { useMediaMatch } from '../../lib/use-media-match.ts';

type Props = {
  member: AvatarOwner;
  opened: boolean;
  onClose: () => void;
  /** The photo shown selected when the sheet opens; the current avatar by default. */
  initialPhotoId?: string | null;
};

/**
 * The avatar flow: a bottom sheet on phones, a dialog on wide screens. Its content mounts only while
 * open, so each opening starts fresh and the photos are fetched only when wanted.
 */
export function AvatarSheet({ member, opened, onClose, initialPhotoId }: Props) {
  const { t } = useTranslation('media');
  const wide = useMediaMatch('(min-width: 48em)');
  const content = opened ? (
    <AvatarChooser member={member} initialPhotoId={initialPhotoId} onDone={onClose} />
  ) : null;

  if (wide) {
    return (
      <Modal opened={opened} onClose={onClose} title={t('avatar.title')} size="md" centered>
        {content}
      </Modal>
    );
  }
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t('avatar.title')}
      position="bottom"
      size="auto"
      styles={{
        content: {
          height: 'auto',
          maxHeight: '92dvh',
          borderTopLeftRadius: 'var(--mantine-radius-lg)',
          borderTopRightRadius: 'var(--mantine-radius-lg)',
        },
      }}
    >
      {content}
    </Drawer>
  );
}
