import { ActionIcon, Box, Button, Modal } from '@mantine/core';
import type { Profile } from '@motema/shared/discovery';
import type { Image } from '@motema/shared/media';
import { IconArrowLeft, IconFlag } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MemberAvatar } from '../../ui/member-avatar.tsx';
import { ProfileGallery } from './profile-gallery.tsx';

/** The photo column's width on wide screens (from the `sm` breakpoint, 48em); the full width on phones. */
export const PROFILE_GALLERY_WIDTH = 400;
const GALLERY_SIZES = `(min-width: 48em) ${PROFILE_GALLERY_WIDTH}px, 100vw`;

type PhotosProps = {
  profile: Profile;
  images: Image[];
  /** The member's first name, isolated, as the gallery's texts say it. */
  name: string;
  onBack: () => void;
  onOpen: (index: number) => void;
};

/** The profile's photo column: the gallery (or the initials without photos) and the back button over it. */
export function ProfilePhotos({ profile, images, name, onBack, onOpen }: PhotosProps) {
  const { t } = useTranslation('discovery');
  return (
    <Box
      pos="relative"
      w={{ base: '100%', sm: PROFILE_GALLERY_WIDTH }}
      bdrs={{ base: 0, sm: 'lg' }}
      style={{ flex: 'none', overflow: 'hidden' }}
    >
      {images.length > 0 ? (
        <ProfileGallery images={images} name={name} sizes={GALLERY_SIZES} fit="cover" onOpen={onOpen} />
      ) : (
        <MemberAvatar
          name={profile.name}
          image={null}
          radius={0}
          style={{ width: '100%', height: 'auto', aspectRatio: '1' }}
          styles={{ placeholder: { fontSize: 96 } }}
        />
      )}
      <ActionIcon
        variant="white"
        color="dark"
        radius="xl"
        size="lg"
        pos="absolute"
        top={12}
        left={12}
        aria-label={t('common:actions.back')}
        onClick={onBack}
        style={{ boxShadow: 'var(--mantine-shadow-sm)' }}
      >
        <IconArrowLeft size={20} aria-hidden />
      </ActionIcon>
    </Box>
  );
}

type ViewerProps = {
  images: Image[];
  name: string;
  viewing: number | null;
  onClose: () => void;
  /** Where the photo on screen is reported (the safety feature's form), for another member's photos. */
  reportTo?: string;
};

/**
 * The photos full screen on black, from the one opened (`viewing`; null: closed); another member's
 * photo on screen can be reported (the form names it, as the post menus do their post).
 */
export function ProfilePhotoViewer({ images, name, viewing, onClose, reportTo }: ViewerProps) {
  const { t } = useTranslation('discovery');
  const [shown, setShown] = useState<number | null>(null);
  const photo = images[shown ?? viewing ?? 0];
  const close = () => {
    setShown(null);
    onClose();
  };
  return (
    <Modal
      opened={viewing !== null}
      onClose={close}
      fullScreen
      title={t('profile.gallery.label', { name })}
      closeButtonProps={{ 'aria-label': t('profile.gallery.close'), c: 'white', size: 'lg' }}
      styles={{
        content: { background: 'black', color: 'white' },
        header: { background: 'black', color: 'white' },
        body: { padding: 0 },
      }}
    >
      {viewing !== null && (
        <ProfileGallery
          images={images}
          name={name}
          sizes="100vw"
          fit="contain"
          start={viewing}
          height={reportTo ? 'calc(100dvh - 110px)' : 'calc(100dvh - 60px)'}
          onShow={setShown}
        />
      )}
      {viewing !== null && reportTo && photo && (
        <Button
          component={Link}
          to={reportTo}
          state={{ name, photo: photo._id }}
          variant="subtle"
          color="gray.3"
          size="compact-sm"
          m="xs"
          leftSection={<IconFlag size={16} aria-hidden />}
        >
          {t('profile.gallery.report')}
        </Button>
      )}
    </Modal>
  );
}
