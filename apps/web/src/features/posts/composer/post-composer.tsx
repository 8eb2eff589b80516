import { Alert, Button, FileButton, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { POST_PHOTOS_MAX, POST_TEXT_MAX_LENGTH, type PostVisibility } from '@motema/shared/posts';
import { IconAlertCircle, IconMicrophone, IconPhoto, IconVideo } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notices.ts';
import { errorText } from '../../../lib/error-text.ts';
import { POST_PICKER_ACCEPT, precheckPostFiles, type ComposerRefusal } from './post-composer-precheck.ts';
import { UploadTile } from './post-upload-tile.tsx';
import { VisibilityFields } from './post-visibility-fields.tsx';
import { useCreatePostMutation } from '../posts.api.ts';
import { usePostUploads } from './use-post-uploads.ts';
import classes from './post-composer.module.css';
import { useMediaMatch } from '../../../lib/use-media-match.ts';

/** What the composer opens on: any media, or a kind chosen from the profile ("add a video"). */
export type ComposerStart = 'any' | 'photo' | 'video' | 'audio';

const ACCEPT: Record<ComposerStart, string> = {
  any: POST_PICKER_ACCEPT,
  photo: 'image/jpeg,image/png,image/webp,image/avif',
  video: 'video/mp4,video/quicktime,video/webm,video/3gpp',
  audio: 'audio/*',
};

type Props = {
  opened: boolean;
  onClose: () => void;
  start?: ComposerStart;
  /** A zone to post in: public within it, so no choice of who sees it. */
  zoneId?: string;
};

/** The composer in its sheet (full screen on a phone); closing it forgets what was chosen. */
export function PostComposer({ opened, onClose, start = 'any', zoneId }: Props) {
  const { t } = useTranslation('posts');
  const phone = useMediaMatch('(max-width: 40em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('composer.title')}
      fullScreen={phone}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {opened && <ComposerForm onDone={onClose} start={start} zoneId={zoneId} />}
    </Modal>
  );
}

type FormProps = { onDone: () => void; start: ComposerStart; zoneId?: string };

function ComposerForm({ onDone, start, zoneId }: FormProps) {
  const { t } = useTranslation(['posts', 'errors', 'validation']);
  const create = useCreatePostMutation(zoneId);
  const { uploads, add, retry, remove, settle } = usePostUploads();
  const [text, setText] = useState('');
  const [visibility, setVisibility] = useState<PostVisibility>('public');
  const [allowed, setAllowed] = useState<string[]>([]);
  const [refusal, setRefusal] = useState<ComposerRefusal | 'post_empty' | 'allowed_empty' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const pick = (chosen: File | File[] | null) => {
    const files = chosen === null ? [] : Array.isArray(chosen) ? chosen : [chosen];
    if (files.length === 0) return;
    const { accepted, refusal: refused } = precheckPostFiles(
      uploads.map((upload) => upload.kind),
      files,
    );
    setRefusal(refused);
    if (accepted.length > 0) add(accepted);
  };

  const uploading = uploads.some((upload) => !upload.item && !upload.error);
  const failed = uploads.some((upload) => upload.error);
  const photos = uploads.filter((upload) => upload.kind === 'photo').length;
  const full = uploads.length > 0 && (uploads[0]!.kind !== 'photo' || photos >= POST_PHOTOS_MAX);

  const publish = () => {
    setFailure(null);
    if (!text.trim() && uploads.length === 0) return setRefusal('post_empty');
    if (visibility === 'private' && allowed.length === 0) return setRefusal('allowed_empty');
    setRefusal(null);
    create.mutate(
      {
        text: text.trim(),
        media: uploads.flatMap((upload) => (upload.item ? [upload.item._id] : [])),
        visibility,
        allowed: visibility === 'private' ? allowed : [],
      },
      {
        onSuccess: (post) => {
          notify(
            'positive',
            t(post.status === 'processing' ? 'composer.sentProcessing' : 'composer.sent'),
            6000,
          );
          onDone();
        },
        onError: (error) => setFailure(errorText(error, t)),
      },
    );
  };

  // A refusal of what the member has since mended no longer shows (the story composer's way): an
  // empty post once something is written or chosen, nobody to show it to once it is public or shared.
  const stillEmpty = !text.trim() && uploads.length === 0;
  const stillNobody = visibility === 'private' && allowed.length === 0;
  const refusalText =
    refusal === 'post_empty'
      ? stillEmpty
        ? t('validation:post_empty')
        : null
      : refusal === 'allowed_empty'
        ? null
        : refusal === 'post_media_over_limit'
          ? t('validation:post_media_over_limit')
          : refusal
            ? t(`errors:${refusal}`)
            : null;

  return (
    <Stack gap="md">
      <Textarea
        label={t('composer.textLabel')}
        placeholder={t('composer.placeholder')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        autosize
        minRows={3}
        maxRows={10}
        maxLength={POST_TEXT_MAX_LENGTH}
        data-autofocus
      />

      {uploads.length > 0 && (
        <div className={classes.tiles}>
          {uploads.map((upload) => (
            <UploadTile
              key={upload.key}
              upload={upload}
              onRemove={() => remove(upload.key)}
              onRetry={() => retry(upload.key)}
              onSettled={(item) => settle(upload.key, item)}
            />
          ))}
        </div>
      )}

      {!full && (
        <Group gap="xs">
          {(start === 'any' ? (['photo', 'video', 'audio'] as const) : [start]).map((kind) => (
            <FileButton key={kind} onChange={pick} accept={ACCEPT[kind]} multiple={kind === 'photo'}>
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  size="sm"
                  disabled={uploads.length > 0 && kind !== 'photo'}
                  leftSection={
                    kind === 'photo' ? (
                      <IconPhoto size={18} aria-hidden />
                    ) : kind === 'video' ? (
                      <IconVideo size={18} aria-hidden />
                    ) : (
                      <IconMicrophone size={18} aria-hidden />
                    )
                  }
                >
                  {t(`composer.add.${kind}`)}
                </Button>
              )}
            </FileButton>
          ))}
        </Group>
      )}
      <Text size="xs" c="dimmed">
        {t('composer.limits')}
      </Text>

      {refusalText && (
        <Text size="sm" c="red" role="alert">
          {refusalText}
        </Text>
      )}

      {!zoneId && (
        <VisibilityFields
          visibility={visibility}
          allowed={allowed}
          onVisibility={setVisibility}
          onAllowed={setAllowed}
          error={refusal === 'allowed_empty' && stillNobody ? t('composer.allowedEmpty') : undefined}
        />
      )}

      {failure && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
          {failure}
        </Alert>
      )}

      <Button size="md" onClick={publish} loading={create.isPending} disabled={uploading || failed} fullWidth>
        {uploading ? t('composer.waitUploads') : t('composer.publish')}
      </Button>
    </Stack>
  );
}
