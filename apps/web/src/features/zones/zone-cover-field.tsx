import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import type { Image } from '@motema/shared/media';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client.ts';
import { notify } from '../../lib/notices.ts';
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
  const sending = useRef<AbortController | null>(null);
  useEffect(() => () => sending.current?.abort(), []);
  const label = t('form.chooseCover');
  const refuse = (code: string) =>
    notify('negative', t(`errors:${code}`, { defaultValue: t('errors:internal') }));

  const pick = (file: File | null) => {
    if (!file) return;
    const refusal = photoPrecheck(file);
    if (refusal) return refuse(refusal);
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
        if (!controller.signal.aborted) refuse(isApiError(failure) ? failure.code : 'internal');
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
            // Short on the button, under the field's own label, so it fits a phone in every language.
            <Button {...props} variant="default" loading={uploading}>
              {t('form.choosePhoto')}
            </Button>
          )}
        </FileButton>
        {image && !uploading && (
          <Button variant="subtle" color="red" onClick={() => onChange(null)}>
            {t('member.remove')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
