import { Button } from '@mantine/core';
import type { PostMember, Story } from '@motema/shared/posts';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberText } from '../../../ui/member-text.tsx';
import type { PauseReason } from './story-playback.ts';
import { StoryReply } from './story-reply.tsx';
import { StoryViewersPanel } from './story-viewers-panel.tsx';
import classes from './story-viewer.module.css';

type Props = {
  story: Story;
  author: PostMember;
  own: boolean;
  now: number;
  pause: (reason: PauseReason, on: boolean) => void;
};

/**
 * The viewer's foot: the story's caption; for its author, how many saw the story and, on a tap, who (the story waits
 * meanwhile); for others, the reply that goes to the author in a chat message.
 */
export function StoryViewerFooter({ story, author, own, now, pause }: Props) {
  const { t } = useTranslation('stories');
  const [viewersOpen, setViewersOpen] = useState(false);
  const showViewers = (open: boolean) => {
    setViewersOpen(open);
    pause('viewers', open);
  };
  return (
    <>
      <div className={classes.bottom}>
        {story.caption && (
          <MemberText block className={classes.caption}>
            {story.caption}
          </MemberText>
        )}
        {own ? (
          <Button
            variant="subtle"
            color="white"
            leftSection={<IconEye size={18} aria-hidden />}
            onClick={() => showViewers(true)}
          >
            {t('viewer.views', { count: story.views ?? 0 })}
          </Button>
        ) : (
          <StoryReply story={story} author={author} onWriting={(writing) => pause('writing', writing)} />
        )}
      </div>
      {own && viewersOpen && (
        <StoryViewersPanel
          storyId={story._id}
          views={story.views}
          now={now}
          onClose={() => showViewers(false)}
        />
      )}
    </>
  );
}
