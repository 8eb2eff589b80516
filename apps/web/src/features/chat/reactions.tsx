import { Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { REACTION_EMOJIS, type MessageReaction, type ReactionEmoji } from '@motema/shared/chat';
import classes from './thread.module.css';

/** Each reaction's name, read by screen readers instead of the emoji's own (translated) name. */
const NAMES: Record<ReactionEmoji, string> = {
  '❤️': 'love',
  '😂': 'laugh',
  '😮': 'wow',
  '😢': 'sad',
  '🙏': 'thanks',
  '👍': 'like',
};

type PickerProps = {
  /** The member's own reaction on the message, if any. */
  chosen: ReactionEmoji | null;
  /** The emoji to set, or null to take the member's own off (the chosen one picked again). */
  onReact: (emoji: ReactionEmoji | null) => void;
};

/** The row of six emoji at the top of a message's menu: one reaction per member. */
export function ReactionPicker({ chosen, onReact }: PickerProps) {
  const { t } = useTranslation('thread');
  return (
    <div role="group" aria-label={t('reactions.label')} className={classes.reactionPicker}>
      {REACTION_EMOJIS.map((emoji) => (
        <Menu.Item
          key={emoji}
          aria-label={
            chosen === emoji
              ? t('reactions.yours', { name: t(`reactions.names.${NAMES[emoji]}`) })
              : t(`reactions.names.${NAMES[emoji]}`)
          }
          className={classes.reactionChoice}
          data-chosen={chosen === emoji || undefined}
          onClick={() => onReact(chosen === emoji ? null : emoji)}
        >
          <span aria-hidden>{emoji}</span>
        </Menu.Item>
      ))}
    </div>
  );
}

/** The member's own reaction among a message's. */
export function ownReaction(reactions: readonly MessageReaction[] | undefined, meId: string) {
  return reactions?.find((reaction) => reaction.user === meId)?.emoji ?? null;
}

/** A message's reactions under its bubble: each emoji with how many chose it, the member's own marked. */
export function ReactionSummary({
  reactions,
  meId,
  mine,
}: {
  reactions: readonly MessageReaction[];
  meId: string;
  /** Under one's own bubble (on the right). */
  mine: boolean;
}) {
  const { t } = useTranslation('thread');
  const counts = new Map<ReactionEmoji, number>();
  for (const { emoji } of reactions) counts.set(emoji, (counts.get(emoji) ?? 0) + 1);
  const own = ownReaction(reactions, meId);
  const said = [...counts]
    .map(([emoji, count]) => t('reactions.count', { name: t(`reactions.names.${NAMES[emoji]}`), count }))
    .join(', ');
  return (
    <div className={classes.reactions} data-mine={mine || undefined} data-testid="reactions">
      <span role="img" aria-label={t('reactions.summary', { list: said })} className={classes.reactionPill}>
        {[...counts].map(([emoji, count]) => (
          <span key={emoji} className={classes.reactionCount} data-own={emoji === own || undefined}>
            {emoji}
            {count > 1 && <span>{count}</span>}
          </span>
        ))}
      </span>
    </div>
  );
}
