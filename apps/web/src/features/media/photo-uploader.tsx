import { Alert, Button, FileButton, Group, Progress, Stack, Text, type ButtonProps } from '@mantine/core';
import { IconAlertCircle, IconPhotoPlus } from '@tabler/icons-react';
import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Image } from '@motema/shared/media';
import { PHOTO_MAX_BYTES } from '@motema/shared/media';
import { isApiError } from '../../lib/api-client.ts';
import { notify } from '../../lib/notices.ts';
import { isAbortError, useUploadPhotoMutation } from './media.api.ts';
import { PHOTO_PICKER_ACCEPT, photoPrecheck } from './photo-precheck.ts';

type Props = {
  /** Called with the stored photo once the server has it. */
  onUploaded?: (image: Image) => void;
  /** The button's text; "Upload a new photo" by default. */
  label?: string;
  disabled?: boolean;
  variant?: ButtonProps['variant'];
  fullWidth?: boolean;
  /** Whether a stored photo is announced by a notice (not where the photo itself shows at once). */
  announceDone?: boolean;
};

/** "15 MB" in the interface language. */
function maxSizeText(language: string) {
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'megabyte', unitDisplay: 'short' }).format(
    Math.round(PHOTO_MAX_BYTES / (1024 * 1024)),
  );
}

/**
 * Picks a photo, checks its declared type and size at once (nothing is sent for a file the server
 * would refuse), uploads it with a progress bar and a cancel button, and says what went wrong in the
 * member's language.
 */
export function PhotoUploader({
  onUploaded,
  label,
  disabled,
  variant = 'light',
  fullWidth,
  announceDone = true,
}: Props) {
  const { t, i18n } = useTranslation('media');
  const upload = useUploadPhotoMutation();
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  const uploading = upload.progress !== null;
  const text = label ?? t('uploader.choose');
  const alertRef = useRef<HTMLDivElement>(null);
  const reduceMotion = useReducedMotion();
  const showError = errorCode !== null && !uploading;

  // The refusal comes after the picker closes, under a button that is often at the bottom of the
  // screen (the account page at 360x740): it is brought into view, where the member is looking.
  useEffect(() => {
    if (showError) {
      alertRef.current?.scrollIntoView?.({ block: 'nearest', behavior: reduceMotion ? 'auto' : 'smooth' });
    }
  }, [showError, errorCode, reduceMotion]);

  const start = (file: File | null) => {
    resetRef.current?.(); // choosing the same file again must start again
    if (!file) return;
    const refusal = photoPrecheck(file);
    setErrorCode(refusal);
    if (refusal) return;
    upload.mutate(file, {
      onSuccess: (image) => {
        if (announceDone) notify('positive', t('uploader.done'));
        onUploaded?.(image);
      },
      onError: (error) => {
        if (!isAbortError(error)) setErrorCode(isApiError(error) ? error.code : 'internal');
      },
    });
  };

  const sent = upload.progress ?? 0;
  const percent = Math.round(sent * 100);
  const percentText = new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(percent / 100);

  return (
    <Stack gap="xs">
      <FileButton
        onChange={start}
        accept={PHOTO_PICKER_ACCEPT}
        resetRef={resetRef}
        disabled={disabled || uploading}
        inputProps={{ 'aria-label': text }}
      >
        {(props) => (
          <Button
            {...props}
            variant={variant}
            fullWidth={fullWidth}
            disabled={disabled || uploading}
            leftSection={<IconPhotoPlus size={20} stroke={1.7} aria-hidden />}
          >
            {text}
          </Button>
        )}
      </FileButton>

      {uploading ? (
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" aria-live="polite">
              {sent < 1 ? t('uploader.sending', { percent: percentText }) : t('uploader.preparing')}
            </Text>
            <Button variant="subtle" size="compact-sm" color="gray" onClick={upload.cancel}>
              {t('uploader.cancel')}
            </Button>
          </Group>
          <Progress.Root size="lg" radius="xl">
            <Progress.Section value={percent} animated={sent >= 1} aria-label={t('uploader.progressLabel')} />
          </Progress.Root>
        </Stack>
      ) : (
        <Text size="xs" c="dimmed">
          {t('uploader.hint', { size: maxSizeText(i18n.language) })}
        </Text>
      )}

      {showError && (
        <Alert
          ref={alertRef}
          role="alert"
          color="red"
          variant="light"
          p="xs"
          icon={<IconAlertCircle size={18} aria-hidden />}
          withCloseButton
          closeButtonLabel={t('uploader.dismiss')}
          onClose={() => setErrorCode(null)}
        >
          {t(`errors:${errorCode}`, { defaultValue: t('errors:internal') })}
        </Alert>
      )}
    </Stack>
  );
}
