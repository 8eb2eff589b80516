import { IconArrowBackUp } from '@tabler/icons-react';
import classes from '../thread/thread.module.css';
import { SWIPE_REPLY_PX } from './use-message-gestures.ts';

/** The reply arrow uncovered by a message dragged right: it fills in as the drag nears the point of answering. */
export function SwipeReplyHint({ offset }: { offset: number }) {
  const progress = Math.min(offset / SWIPE_REPLY_PX, 1);
  return (
    <span
      className={classes.swipeHint}
      style={{ opacity: progress, transform: `scale(${0.6 + 0.4 * progress})` }}
      aria-hidden
    >
      <IconArrowBackUp size={18} />
    </span>
  );
}
