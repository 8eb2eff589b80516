import { Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageStory } from '@motema/shared/chat';
import classes from '../thread/thread.module.css';

/**
 * Above a reply to a story: "Replied to your story" (or "You replied to their story") beside the
 * story's picture while it lasts; once it ended or was deleted (or its picture cannot be had, its
 * audience changed), only that the story is gone.
 */
export function StoryReplied({ story, mine }: { story: MessageStory; mine: boolean }) {
  const { t } = useTranslation('thread');
  const [failed, setFailed] = useState(false);
  const image = failed ? null : story.image;
  return (
    <div className={classes.quote} data-story>
      {image && (
        <img
          className={classes.storyPicture}
          src={image.thumbnail}
          alt=""
          width={40}
          height={64}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
        />
      )}
      <div>
        <Text size="xs" fw={700} c="inherit">
          {t(mine ? 'bubble.story.theirs' : 'bubble.story.yours')}
        </Text>
        {!image && (
          <Text size="sm" fs="italic" c="inherit">
            {t('bubble.story.gone')}
          </Text>
        )}
      </div>
    </div>
  );
}
