import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import type { Image } from '@motema/shared/media';
import { IconPhotoPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client.ts';
import { PHOTO_PICKER_ACCEPT, photoPrecheck } from '../media/photo-precheck.ts';
import { uploadMedia } from '../posts/posts.api.ts';
import { ZoneCover } from './zone-row.tsx';

/** The cover as the form holds it: the media item to send, and its photo to show. */
export type ChosenCover = { id: string; image: Image | null };

/**
 * Choosing, changing or removing a zone's cover photo: the picked file is checked, then sent through
 * the posts composer's upload (`use: post`) at once, the button busy meanwhile; the form saves the item's id
 * with the zone (the server claims it, and removes the files of the cover it replaces).
 */
export function ZoneCoverField({
  image,
  onChange,
}: {
  image: Image | null;
  onChange: (cover: ChosenCover | null) => void;
}) {
  const { t } = useTranslation(['zones', 'errors']);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sending = useRef<AbortController | null>(null);
  useEffect(() => () => sending.current?.abort(), []);
  const label = image ? t('form.changeCover') : t('form.chooseCover');

  const pick = (file: File | null) => {
    if (!file) return;
    const refusal = photoPrecheck(file);
    setError(refusal);
    if (refusal) return;
    const controller = new AbortController();
    sending.current = controller;
    setUploading(true);
    uploadMedia(file, 'post', { signal: controller.signal }).then(
      (item) => {
        setUploading(false);
        onChange({ id: item._id, image: item.image });
      },
      (failure: unknown) => {
        setUploading(false);
        if (!controller.signal.aborted) setError(isApiError(failure) ? failure.code : 'internal');
      },
    );
  };

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('form.cover')}
      </Text>
      {image && <ZoneCover image={image} />}
      <Group gap="xs">
        <FileButton
          onChange={pick}
          accept={PHOTO_PICKER_ACCEPT}
          disabled={uploading}
          inputProps={{ 'aria-label': label }}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              loading={uploading}
              leftSection={<IconPhotoPlus size={16} aria-hidden />}
            >
              {label}
            </Button>
          )}
        </FileButton>
        {image && !uploading && (
          <Button variant="subtle" color="red" onClick={() => onChange(null)}>
            {t('form.removeCover')}
          </Button>
        )}
      </Group>
      {error && (
        <Text size="sm" c="red" role="alert">
          {t(`errors:${error}`, { defaultValue: t('errors:internal') })}
        </Text>
      )}
    </Stack>
  );
}
