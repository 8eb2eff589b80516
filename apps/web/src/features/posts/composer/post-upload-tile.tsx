import { ActionIcon, CloseButton, Loader, RingProgress, Stack, Text } from '@mantine/core';
import type { MediaItem } from '@motema/shared/posts';
import { IconAlertTriangle, IconMicrophone, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useUploadQuery } from '../posts.api.ts';
import type { PendingUpload } from './use-post-uploads.ts';
import classes from './post-composer.module.css';

/** An upload the connection or the server failed (not a refusal): the same file may go again. */
const retryable = (error: unknown) => isApiError(error) && (error.status === 0 || error.status >= 500);

/** What a refused upload says: the server's answer, or the media worker's code once it gave up. */
export function uploadFailure(error: unknown, t: (key: string, options?: Record<string, unknown>) => string) {
  if (error && typeof error === 'object' && 'status' in error && !isApiError(error)) {
    const code = (error as MediaItem).error ?? 'media_failed';
    return t(`errors:${code}`, { defaultValue: t('errors:media_failed') });
  }
  return errorText(error, t);
}

type Props = {
  upload: PendingUpload;
  onRemove: () => void;
  /** Sends the same file again (after the connection or the server failed). */
  onRetry: () => void;
  /** The media worker finished a video or a podcast (ready, or failed with its code). */
  onSettled: (item: MediaItem) => void;
};

/**
 * One chosen file in the composer: its preview (the file itself, nothing downloaded), the upload's
 * progress as a ring, "processing" while a video or a podcast encodes, or why it was refused.
 */
export function UploadTile({ upload, onRemove, onRetry, onSettled }: Props) {
  const { t } = useTranslation(['posts', 'errors', 'validation']);
  const followed = useUploadQuery(upload.item?.status === 'processing' ? upload.item : null);
  const settled = followed.data && followed.data.status !== 'processing' ? followed.data : null;
  useEffect(() => {
    if (settled) onSettled(settled);
  }, [settled, onSettled]);

  const processing = upload.item?.status === 'processing' && !upload.error;
  const uploading = !upload.item && !upload.error;
  const name = upload.file.name;
  return (
    <div
      className={classes.tile}
      data-state={upload.error ? 'failed' : uploading ? 'uploading' : processing ? 'processing' : 'ready'}
    >
      {upload.kind === 'photo' ? (
        <img src={upload.preview} alt={name} className={classes.preview} />
      ) : upload.kind === 'video' ? (
        <video
          src={upload.preview}
          muted
          playsInline
          preload="metadata"
          className={classes.preview}
          aria-label={name}
        />
      ) : (
        <Stack gap={2} align="center" justify="center" className={classes.preview} p={4}>
          <IconMicrophone size={24} aria-hidden />
          <Text size="xs" truncate="end" maw="100%">
            {name}
          </Text>
        </Stack>
      )}
      {uploading && (
        <div className={classes.overlay}>
          <RingProgress
            size={48}
            thickness={4}
            sections={[{ value: Math.round(upload.progress * 100), color: 'white' }]}
            label={
              <Text size="xs" c="white" ta="center" fw={700}>
                {Math.round(upload.progress * 100)}%
              </Text>
            }
            aria-label={t('composer.uploading', { name })}
          />
        </div>
      )}
      {processing && (
        <div className={classes.overlay} role="status">
          <Loader size="sm" color="white" aria-hidden />
          <Text size="xs" c="white" fw={600}>
            {t('composer.processing')}
          </Text>
        </div>
      )}
      {Boolean(upload.error) && (
        <div className={classes.overlay} data-failed="">
          {retryable(upload.error) ? (
            <ActionIcon
              variant="white"
              color="dark"
              radius="xl"
              size="lg"
              onClick={onRetry}
              aria-label={t('composer.retry', { name })}
            >
              <IconRefresh size={20} aria-hidden />
            </ActionIcon>
          ) : (
            <IconAlertTriangle size={22} aria-hidden />
          )}
        </div>
      )}
      <CloseButton
        className={classes.remove}
        size="sm"
        radius="xl"
        onClick={onRemove}
        aria-label={t('composer.remove', { name })}
      />
      {Boolean(upload.error) && (
        <Text size="xs" c="red" className={classes.error} role="alert">
          {uploadFailure(upload.error, t)}
        </Text>
      )}
    </div>
  );
}
