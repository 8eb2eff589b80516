import { Group, Text, UnstyledButton } from '@mantine/core';
import { LIVE_REACTIONS, type LiveReaction } from '@motema/shared/lives';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSocketEvent } from '../../../lib/socket.ts';
import type { LiveRoom } from './use-live-room.ts';
import classes from './live.module.css';

/** Each reaction as the app draws it. */
export const REACTION_EMOJI: Record<LiveReaction, string> = {
  heart: '❤️',
  fire: '🔥',
  laugh: '😂',
  wow: '😮',
  clap: '👏',
};

/** At most this many emoji float at once: a burst of reactions stays light to draw. */
const FLOATING_MAX = 12;
const FLOAT_MS = 2000;

/** The room's reactions rising over the video (everyone's, the member's own included). */
export function FloatingReactions({ liveId }: { liveId: string }) {
  const [floating, setFloating] = useState<{ key: number; emoji: string; left: number }[]>([]);
  const next = useRef(0);
  useSocketEvent('lives:reaction', (event) => {
    if (event.liveId !== liveId) return;
    const key = (next.current += 1);
    const entry = {
      key,
      emoji: REACTION_EMOJI[event.reaction] ?? '❤️',
      left: Math.round(Math.random() * 16),
    };
    setFloating((current) => [...current.slice(-(FLOATING_MAX - 1)), entry]);
    setTimeout(() => setFloating((current) => current.filter((each) => each.key !== key)), FLOAT_MS);
  });
  return (
    <div className={classes.floats} aria-hidden>
      {floating.map((each) => (
        <span key={each.key} className={classes.float} style={{ left: each.left }}>
          {each.emoji}
        </span>
      ))}
    </div>
  );
}

/** The reaction buttons; a refusal (too many too fast) is said gently under them. */
export function ReactionBar({ room }: { room: LiveRoom }) {
  const { t } = useTranslation(['lives', 'errors']);
  const [notice, setNotice] = useState<string | null>(null);
  const send = async (reaction: LiveReaction) => {
    const code = await room.react(reaction);
    setNotice(
      code === null
        ? null
        : code === 'rate_limited'
          ? t('reactions.slowDown')
          : t(`errors:${code}`, { defaultValue: t('errors:internal') }),
    );
  };
  return (
    <div>
      <Group gap={4} role="group" aria-label={t('reactions.title')}>
        {LIVE_REACTIONS.map((reaction) => (
          <UnstyledButton
            key={reaction}
            onClick={() => void send(reaction)}
            aria-label={t(`reactions.${reaction}`)}
            fz={24}
            px={6}
            style={{ borderRadius: 8, lineHeight: 1.4 }}
          >
            <span aria-hidden>{REACTION_EMOJI[reaction]}</span>
          </UnstyledButton>
        ))}
      </Group>
      <Text size="xs" c="dimmed" role="status" mih={16}>
        {notice}
      </Text>
    </div>
  );
}
