import { Group, Text, type TextProps } from '@mantine/core';
import type { ChatFileKind, Message } from '@motema/shared/chat';
import { IconMicrophone, IconMusic, IconPhoto, IconVideo } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate, MemberText } from '../../../ui/member-text.tsx';
import { DeliveryTicks } from '../messages/delivery-ticks.tsx';
import type { OutboxEntry } from '../thread/thread-types.ts';

const FILE_ICONS = { photo: IconPhoto, voice: IconMicrophone, video: IconVideo, audio: IconMusic } as const;

type Props = TextProps & { message: Message; mine: boolean };

/**
 * One line about a message: "You: " before the member's own, an icon and a word for a file, or
 * "Message removed" for one its sender took back.
 */
export function MessagePreview({ message, mine, ...props }: Props) {
  const { t } = useTranslation('chat');
  if (message.unsent)
    return (
      <Text fs="italic" truncate="end" {...props}>
        {t('preview.removed')}
      </Text>
    );
  return <PreviewLine text={message.text} kind={message.files[0]?.type} mine={mine} {...props} />;
}

/**
 * The member's message still waiting in the outbox, as its bubble shows it: the clock while it
 * waits to be sent (the failure sign once the app gave up for now), then "You: " and its text.
 */
export function WaitingPreview({ entry, ...props }: TextProps & { entry: OutboxEntry }) {
  return (
    <PreviewLine
      text={entry.text}
      kind={entry.files[0]?.kind}
      mine
      state={
        <span style={{ display: 'flex', flex: 'none' }}>
          <DeliveryTicks state={entry.state} />
        </span>
      }
      {...props}
    />
  );
}

type LineProps = TextProps & {
  text: string | null;
  kind: ChatFileKind | undefined;
  mine: boolean;
  state?: ReactNode;
};

function PreviewLine({ text: written, kind, mine, state, ...props }: LineProps) {
  const { t } = useTranslation('chat');
  const body = written?.replace(/\s+/g, ' ').trim() || (kind ? t(`preview.${kind}`) : '');
  // The member's text is isolated: a reversal inside cannot turn "You: " or the row around.
  const text = mine ? t('preview.you', { text: isolate(body) }) : <MemberText>{body}</MemberText>;
  if (!kind && !state)
    return (
      <Text truncate="end" {...props}>
        {text}
      </Text>
    );
  const Icon = kind ? FILE_ICONS[kind] : null;
  return (
    <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }} c={props.c}>
      {state}
      {Icon && <Icon size={16} stroke={1.6} aria-hidden style={{ flex: 'none' }} />}
      <Text truncate="end" {...props}>
        {text}
      </Text>
    </Group>
  );
}
