import { Alert, Group, Loader, Text } from '@mantine/core';
import type { Post } from '@motema/shared/posts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../ui/member-text.tsx';
import { PostAudioPlayer } from './post-media-audio.tsx';
import { PostPhotoGrid } from './post-media-photos.tsx';
import { PostVideoPlayer } from './post-media-video.tsx';

type Props = {
  post: Post;
  name: string;
  limit?: number;
  /** The post is its page's own: its pictures are the page's first paint and load at once. */
  foremost?: boolean;
};

/**
 * What a post carries, by kind: its photos, its video or its podcast. A post still encoding (only
 * its author sees it) says so, and one the media worker refused says why in the member's words.
 */
export function PostMedia({ post, name: author, limit, foremost = false }: Props) {
  const { t } = useTranslation(['posts', 'errors']);
  // Inside the descriptions (alt, labels) the name is isolated: its direction cannot reorder them.
  const name = isolate(author);
  if (post.status === 'processing')
    return (
      <Group gap="sm" wrap="nowrap" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">
          {t(post.kind === 'audio' ? 'status.processingAudio' : 'status.processingVideo')}
        </Text>
      </Group>
    );
  if (post.status === 'failed') {
    const code = post.media.find((item) => item.error)?.error ?? 'media_unreadable';
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
        <Text size="sm" fw={600}>
          {t('status.failed')}
        </Text>
        <Text size="sm">{t(`errors:${code}`, { defaultValue: t('errors:media_unreadable') })}</Text>
      </Alert>
    );
  }
  const photos = post.media.filter((item) => item.kind === 'photo');
  if (photos.length > 0)
    return (
      <PostPhotoGrid
        photos={photos}
        limit={limit}
        foremost={foremost}
        alt={(index) => t('media.photoAlt', { index: index + 1, count: photos.length, name })}
      />
    );
  const video = post.media.find((item) => item.kind === 'video');
  if (video) return <PostVideoPlayer media={video} alt={t('media.videoAlt', { name })} foremost={foremost} />;
  const audio = post.media.find((item) => item.kind === 'audio');
  if (audio) return <PostAudioPlayer media={audio} alt={t('media.audioAlt', { name })} />;
  return null;
}
