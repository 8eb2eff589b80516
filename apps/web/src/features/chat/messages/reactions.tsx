import { Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { REACTION_EMOJIS, type MessageReaction, type ReactionEmoji } from '@motema/shared/chat';
import classes from '../thread/thread.module.css';

type PickerProps = {
  /** The member's own reaction on the message, if any. */
  chosen: ReactionEmoji | null;
  /** The emoji to set, or null to take the member's own off (the chosen one picked again). */
  onReact: (emoji: ReactionEmoji | null) => void;
};

/**
 * The row of six emoji at the top of a message's menu: one reaction per member. Each emoji is its own
 * name (screen readers say it: "red heart"); the member's own one also says so.
 */
export function ReactionPicker({ chosen, onReact }: PickerProps) {
  const { t } = useTranslation('thread');
  return (
    <div role="group" aria-label={t('reactions.label')} className={classes.reactionPicker}>
      {REACTION_EMOJIS.map((emoji) => (
        <Menu.Item
          key={emoji}
          aria-label={chosen === emoji ? t('reactions.yours', { emoji }) : emoji}
          className={classes.reactionChoice}
          data-chosen={chosen === emoji || undefined}
          onClick={() => onReact(chosen === emoji ? null : emoji)}
        >
          {emoji}
        </Menu.Item>
      ))}
    </div>
  );
}

/** The member's own reaction among a message's. */
export function ownReaction(reactions: readonly MessageReaction[] | undefined, meId: string) {
  return reactions?.find((reaction) => reaction.user === meId)?.emoji ?? null;
}

/** A message's reactions under its bubble: each emoji with how many chose it, the member's own in bold. */
export function ReactionSummary(props: {
  reactions: readonly MessageReaction[];
  meId: string;
  mine: boolean;
}) {
  const { t } = useTranslation('thread');
  const counts = new Map<ReactionEmoji, number>();
  for (const { emoji } of props.reactions) counts.set(emoji, (counts.get(emoji) ?? 0) + 1);
  const own = ownReaction(props.reactions, props.meId);
  const list = [...counts].map(([emoji, count]) => `${emoji} ${count}`).join(', ');
  return (
    <div className={classes.reactions} data-mine={props.mine || undefined}>
      <span role="img" aria-label={t('reactions.summary', { list })} className={classes.reactionPill}>
        {[...counts].map(([emoji, count]) => (
          <span key={emoji} data-own={emoji === own || undefined}>
            {emoji}
            {count > 1 && count}
          </span>
        ))}
      </span>
    </div>
  );
}
