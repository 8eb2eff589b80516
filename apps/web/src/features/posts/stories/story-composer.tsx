import {
  Alert,
  Box,
  Button,
  FileButton,
  Group,
  Loader,
  Modal,
  Progress,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { PHOTO_ACCEPTED_TYPES, PHOTO_MAX_BYTES } from '@motema/shared/media';
import {
  STORY_CAPTION_MAX_LENGTH,
  VIDEO_ACCEPTED_TYPES,
  VIDEO_MAX_BYTES,
  VIDEO_MAX_SECONDS,
} from '@motema/shared/posts';
import { IconAlertCircle, IconCameraPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VisibilityFields } from '../composer/post-visibility-fields.tsx';
import { useStoryShare, type StoryAudience } from './story-share.ts';

/** What the file picker offers: the photos and videos a story takes. */
const ACCEPT = [...PHOTO_ACCEPTED_TYPES, ...VIDEO_ACCEPTED_TYPES].join(',');
const STORY_VIDEO_MAX_SECONDS = VIDEO_MAX_SECONDS.story;

type Chosen = { file: File; url: string; kind: 'photo' | 'video' };

/** The kind of a chosen file from what the device says of it; the server decides from its bytes. */
function kindOf(file: File): 'photo' | 'video' | null {
  if (file.type.startsWith('image/')) return 'photo';
  if (file.type.startsWith('video/')) return 'video';
  return null;
}

/** A video's length in seconds, read from its header by the browser (null when it cannot tell). */
export function videoSeconds(url: string): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const done = (seconds: number | null) => {
      video.removeAttribute('src');
      resolve(seconds);
    };
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => done(Number.isFinite(video.duration) ? video.duration : null);
    video.onerror = () => done(null);
    video.src = url;
  });
}

type Props = { opened: boolean; onClose: () => void };

/**
 * The story composer: a photo, or a video of up to 30 seconds, from the device, with a caption, for everyone or for
 * the members chosen among the member's matches and partners (the posts' audience choice). What the
 * device can tell before sending (the kind, the size, a video's length) is said at once; then the upload with
 * its progress, the story posted, and for a video "processing" until the media worker has encoded
 * it, or the refusal in plain words.
 */
export function StoryComposer({ opened, onClose }: Props) {
  const { t } = useTranslation('stories');
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [audience, setAudience] = useState<StoryAudience>({ visibility: 'public', allowed: [], caption: '' });
  const { step, setStep, share } = useStoryShare(onClose);

  useEffect(() => () => void (chosen && URL.revokeObjectURL(chosen.url)), [chosen]);

  const choose = async (file: File | null) => {
    if (!file) return;
    const kind = kindOf(file);
    const url = URL.createObjectURL(file);
    setChosen({ file, url, kind: kind ?? 'photo' });
    if (!kind) return setStep({ name: 'failed', message: t('errors:media_type_unsupported') });
    if (kind === 'photo' && file.size > PHOTO_MAX_BYTES)
      return setStep({ name: 'failed', message: t('errors:photo_too_large') });
    if (kind === 'video' && file.size > VIDEO_MAX_BYTES)
      return setStep({ name: 'failed', message: t('errors:media_too_large') });
    if (kind === 'video') {
      const seconds = await videoSeconds(url);
      // Half a second of slack: containers round their duration up; the server has the last word.
      if (seconds !== null && seconds > STORY_VIDEO_MAX_SECONDS + 0.5)
        return setStep({
          name: 'failed',
          message: t('composer.tooLong', { seconds: STORY_VIDEO_MAX_SECONDS }),
        });
    }
    setStep({ name: 'ready' });
  };

  const busy = step.name === 'uploading' || step.name === 'processing';

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('composer.title')}
      centered
      size="sm"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Stack gap="md">
        {chosen ? (
          <Box
            bg="black"
            style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', aspectRatio: '9 / 16' }}
            // The caption, the audience and Share fit below it on a phone's screen (about 27rem):
            // at 55dvh, Share sat below a 360x740 screen's edge.
            mah="min(55dvh, calc(100dvh - 27rem))"
            mx="auto"
          >
            {chosen.kind === 'video' ? (
              <video
                src={chosen.url}
                muted
                playsInline
                controls
                preload="metadata"
                style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
                aria-label={t('composer.preview')}
              />
            ) : (
              <img
                src={chosen.url}
                alt={t('composer.preview')}
                style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
              />
            )}
          </Box>
        ) : (
          <Text c="dimmed">{t('composer.hint', { seconds: STORY_VIDEO_MAX_SECONDS })}</Text>
        )}

        {chosen && !busy && (
          <TextInput
            label={t('composer.caption')}
            value={audience.caption}
            onChange={(event) => setAudience({ ...audience, caption: event.currentTarget.value })}
            maxLength={STORY_CAPTION_MAX_LENGTH}
          />
        )}
        {chosen && !busy && (
          <VisibilityFields
            subject="story"
            visibility={audience.visibility}
            allowed={audience.allowed}
            onVisibility={(visibility) => setAudience((now) => ({ ...now, visibility }))}
            onAllowed={(allowed) => setAudience((now) => ({ ...now, allowed }))}
            error={step.name === 'ready' ? step.allowedError : undefined}
          />
        )}

        {step.name === 'uploading' && (
          <Stack gap={4}>
            <Progress value={step.progress * 100} aria-label={t('composer.uploading')} />
            <Text size="sm" c="dimmed">
              {t('composer.uploadingPercent', { percent: Math.round(step.progress * 100) })}
            </Text>
          </Stack>
        )}
        {step.name === 'processing' && (
          <Group gap="sm" wrap="nowrap" role="status">
            <Loader size="sm" aria-hidden />
            <Text size="sm">{t('composer.processing')}</Text>
          </Group>
        )}
        {step.name === 'failed' && (
          <Alert color="red" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
            {step.message}
          </Alert>
        )}

        <Group justify="flex-end" gap="sm">
          {busy ? (
            <Button variant="default" onClick={onClose}>
              {t(step.name === 'processing' ? 'composer.close' : 'composer.cancel')}
            </Button>
          ) : (
            <FileButton onChange={(file) => void choose(file)} accept={ACCEPT}>
              {(props) => (
                <Button
                  {...props}
                  variant={chosen ? 'default' : 'filled'}
                  leftSection={<IconCameraPlus size={18} aria-hidden />}
                >
                  {t(chosen ? 'composer.chooseAnother' : 'composer.choose')}
                </Button>
              )}
            </FileButton>
          )}
          {chosen && !busy && (step.name !== 'failed' || step.retry) && (
            <Button
              onClick={() =>
                audience.visibility === 'private' && audience.allowed.length === 0
                  ? setStep({ name: 'ready', allowedError: t('posts:composer.allowedEmpty') })
                  : void share(chosen.file, audience)
              }
            >
              {t('composer.share')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
