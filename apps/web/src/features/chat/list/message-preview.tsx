import { Group, Text, type TextProps } from '@mantine/core';
import type { ChatFileKind, Message } from '@motema/shared/chat';
import { IconMicrophone, IconMusic, IconPhoto, IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isolate, MemberText } from '../../../ui/member-text.tsx';

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
  const kind: ChatFileKind | undefined = message.files[0]?.type;
  const body = message.text?.replace(/\s+/g, ' ').trim() || (kind ? t(`preview.${kind}`) : '');
  // The member's text is isolated: a reversal inside cannot turn "You: " or the row around.
  const text = mine ? t('preview.you', { text: isolate(body) }) : <MemberText>{body}</MemberText>;
  if (!kind)
    return (
      <Text truncate="end" {...props}>
        {text}
      </Text>
    );
  const Icon = FILE_ICONS[kind];
  return (
    <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
      <Icon size={16} stroke={1.6} aria-hidden style={{ flex: 'none' }} />
      <Text truncate="end" {...props}>
        {text}
      </Text>
    </Group>
  );
}
