import type { MediaItem, PostVisibility } from '@motema/shared/posts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notices.ts';
import { errorText } from '../../../lib/error-text.ts';
import { uploadMedia } from '../posts.api.ts';
import { deleteStory as removeStory, fetchUpload, storyKeys, useCreateStoryMutation } from './stories.api.ts';

/** How often the composer asks whether the video is ready, while the media worker encodes it. */
export const STORY_PROCESSING_POLL_MS = 3000;

/** Who the story is for (everyone, or the members chosen: private), and its caption. */
export type StoryAudience = { visibility: PostVisibility; allowed: string[]; caption: string };

export type ShareStep =
  | { name: 'choose' }
  | { name: 'ready'; allowedError?: string }
  | { name: 'uploading'; progress: number }
  | { name: 'processing' }
  /** `retry`: the connection or the server failed, the same file may be shared again. */
  | { name: 'failed'; message: string; retry?: boolean };

/**
 * Sharing a story: the upload with its progress, the story posted at once (so a video still
 * encoding shows once ready even if the member leaves), then for a video "processing" until the
 * media worker is done, or the refusal in plain words. Closing the composer stops the upload.
 */
export function useStoryShare(onDone: () => void) {
  const { t } = useTranslation('stories');
  const queryClient = useQueryClient();
  const create = useCreateStoryMutation();
  const [step, setStep] = useState<ShareStep>({ name: 'choose' });
  const upload = useRef<AbortController | null>(null);
  const closed = useRef(false);

  useEffect(() => {
    closed.current = false;
    return () => {
      closed.current = true;
      upload.current?.abort();
    };
  }, []);

  const messageOf = (code: string | null | undefined) =>
    code ? t(`errors:${code}`, { defaultValue: t('composer.failed') }) : t('composer.failed');

  /** Asks until the media worker is done with the item: ready, or failed with its refusal. */
  const waitUntilEncoded = async (item: MediaItem): Promise<MediaItem> => {
    let current = item;
    while (current.status === 'processing' && !closed.current) {
      await new Promise((resolve) => setTimeout(resolve, STORY_PROCESSING_POLL_MS));
      if (closed.current) break;
      try {
        current = await fetchUpload(item._id);
      } catch (error) {
        // No answer for a moment (the network): ask again; anything else ends the wait.
        if (!isApiError(error) || error.status !== 0) throw error;
      }
    }
    return current;
  };

  const share = async (file: File, audience: StoryAudience) => {
    const controller = new AbortController();
    upload.current = controller;
    setStep({ name: 'uploading', progress: 0 });
    try {
      const item = await uploadMedia(file, 'story', {
        signal: controller.signal,
        onProgress: (progress) => setStep({ name: 'uploading', progress }),
      });
      const story = await create.mutateAsync({
        media: item._id,
        caption: audience.caption,
        visibility: audience.visibility,
        allowed: audience.visibility === 'private' ? audience.allowed : [],
      });
      if (item.status === 'processing') {
        setStep({ name: 'processing' });
        const done = await waitUntilEncoded(item);
        if (closed.current) return;
        if (done.status === 'failed') {
          // A refused video would stay in the member's tray, failed, for the day: it goes at once.
          void removeStory(story._id).finally(() =>
            queryClient.invalidateQueries({ queryKey: storyKeys.all }),
          );
          return setStep({ name: 'failed', message: messageOf(done.error) });
        }
        void queryClient.invalidateQueries({ queryKey: storyKeys.all });
      }
      notify('positive', t('composer.posted'));
      onDone();
    } catch (error) {
      if (closed.current || (error instanceof DOMException && error.name === 'AbortError')) return;
      if (isApiError(error) && error.status === 0)
        return setStep({ name: 'failed', message: t('composer.offline'), retry: true });
      // A member who can no longer be chosen (a block, a match undone): said under the list.
      if (isApiError(error) && error.issues[0]?.path === 'allowed')
        return setStep({ name: 'ready', allowedError: errorText(error, t) });
      setStep({
        name: 'failed',
        message: errorText(error, t),
        retry: isApiError(error) && error.status >= 500,
      });
    } finally {
      if (upload.current === controller) upload.current = null;
    }
  };

  return { step, setStep, share };
}
