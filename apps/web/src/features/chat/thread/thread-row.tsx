import { Group, Skeleton, Stack } from '@mantine/core';
import { memo, useState } from 'react';
import { MessageActions } from '../messages/message-actions.tsx';
import { MessageBubble } from '../messages/message-bubble.tsx';
import type { MessageHandlers } from '../messages/message-list.tsx';
import type { ThreadItem } from './thread-types.ts';
import { useMessageGestures } from '../messages/use-message-gestures.ts';

type RowProps = MessageHandlers & {
  item: ThreadItem;
  meId: string;
  otherName: string;
  grouped: boolean;
  highlighted: boolean;
  language: string;
  onJump: (messageId: string) => void;
};

/** One row: the bubble and, for a stored message, its menu (⋯, long press, right click) and swipe to reply. */
export const ThreadRow = memo(function ThreadRow({ item, otherName, ...props }: RowProps) {
  const [opened, setOpened] = useState(false);
  const stored = item.kind === 'message';
  const message = stored ? item.message : null;
  // A removed message cannot be answered: no swipe on it.
  const gestures = useMessageGestures(
    () => setOpened(true),
    message && !message.unsent ? () => props.onReply(message) : undefined,
  );
  return (
    <MessageBubble
      item={item}
      meId={props.meId}
      grouped={props.grouped}
      highlighted={props.highlighted}
      language={props.language}
      onJump={props.onJump}
      onRetry={props.onRetry}
      onDiscard={props.onDiscard}
      gestures={stored ? gestures : undefined}
      menu={
        stored ? (
          <MessageActions
            message={item.message}
            meId={props.meId}
            mine={item.mine}
            otherName={otherName}
            opened={opened}
            onOpenedChange={setOpened}
            onReply={props.onReply}
            onEdit={props.onEdit}
            onImportant={props.onImportant}
            onHide={props.onHide}
            onUnsend={props.onUnsend}
            onReact={props.onReact}
          />
        ) : null
      }
    />
  );
});

/** The thread's shape while it loads: bubbles on both sides. */
export function ThreadSkeleton() {
  const rows = [
    { mine: false, width: '55%' },
    { mine: false, width: '35%' },
    { mine: true, width: '60%' },
    { mine: false, width: '45%' },
    { mine: true, width: '40%' },
    { mine: true, width: '25%' },
  ];
  return (
    <Stack gap="sm" p="md" aria-busy="true">
      {rows.map((row, index) => (
        <Group key={index} justify={row.mine ? 'flex-end' : 'flex-start'}>
          <Skeleton height={38} width={row.width} radius={18} />
        </Group>
      ))}
    </Stack>
  );
}
