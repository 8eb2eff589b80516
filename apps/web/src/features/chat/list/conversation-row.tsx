import { Badge, Box, Group, Indicator, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { Conversation } from '@motema/shared/chat';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MemberAvatar } from '../../../ui/member-avatar.tsx';
import { isolate, MemberText } from '../../../ui/member-text.tsx';
import { VerifiedBadge } from '../../../ui/verified-badge.tsx';
import { conversationTime } from '../../../lib/time-ago.ts';
import type { OutboxEntry } from '../thread/thread-types.ts';
import { MessagePreview, WaitingPreview } from './message-preview.tsx';

type Props = {
  conversation: Conversation;
  meId: string | null;
  now: number;
  typing: boolean;
  /** The member's newest message still waiting to be sent in it (the outbox), if any. */
  waiting?: OutboxEntry;
};

/**
 * One conversation in the list: who, the last message (or the member's own still waiting to be sent,
 * with its clock), when, and how many are unread.
 */
export function ConversationRow({ conversation, meId, now, typing, waiting }: Props) {
  const { t, i18n } = useTranslation('chat');
  const { member, message, unread } = conversation;
  const name = member.firstName ?? member.name;
  const when = waiting?.createdAt ?? message?.createdAt ?? conversation.updatedAt;
  const bold = unread > 0;

  return (
    <UnstyledButton
      component={Link}
      to={`/messages/${encodeURIComponent(conversation._id)}`}
      px="md"
      py={10}
      display="block"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      mod={{ unread: bold }}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        <Indicator
          disabled={member.activity !== 'online'}
          color="teal"
          size={12}
          offset={6}
          position="bottom-end"
          withBorder
          title={member.activity === 'online' ? t('online') : undefined}
        >
          <MemberAvatar name={member.name} image={member.avatar} size={52} radius={52} />
        </Indicator>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text fw={bold ? 800 : 600} truncate="end">
              <MemberText>{name}</MemberText>
              <VerifiedBadge verified={member.verified} size={14} />
            </Text>
            <Text size="xs" c={bold ? 'coral.6' : 'dimmed'} fw={bold ? 700 : 400} style={{ flex: 'none' }}>
              {conversationTime(when, now, i18n.resolvedLanguage ?? 'en')}
            </Text>
          </Group>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Box style={{ flex: 1, minWidth: 0 }}>
              {typing ? (
                <Text size="sm" c="coral.6" fs="italic" truncate="end">
                  {t('typing')}
                </Text>
              ) : waiting ? (
                <WaitingPreview
                  entry={waiting}
                  size="sm"
                  c={bold ? undefined : 'dimmed'}
                  fw={bold ? 600 : 400}
                />
              ) : message ? (
                <MessagePreview
                  message={message}
                  mine={message.sender._id === meId}
                  size="sm"
                  c={bold ? undefined : 'dimmed'}
                  fw={bold ? 600 : 400}
                />
              ) : (
                <Text size="sm" c="dimmed" truncate="end">
                  {t('preview.none', { name: isolate(name) })}
                </Text>
              )}
            </Box>
            {unread > 0 && (
              <>
                <Badge size="md" circle={unread < 10} variant="filled" aria-hidden style={{ flex: 'none' }}>
                  {unread > 99 ? '99+' : unread}
                </Badge>
                {/* Named by what it shows (WCAG 2.5.3): the badge's count is said in words instead. */}
                <VisuallyHidden>{t('unread', { count: unread })}</VisuallyHidden>
              </>
            )}
          </Group>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
