import { Button, Group, List, Menu, Modal, Stack } from '@mantine/core';
import { IconBan, IconFlag } from '@tabler/icons-react';
import type { QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ConversationList, ConversationMember } from '@motema/shared/chat';
import { notify } from '../../lib/notices.ts';
import { failureReason, isSessionEnd } from '../safety/failure-reason.ts';
import { useBlockMutation } from '../safety/safety.api.ts';
import { chatKeys } from './chat-cache.ts';

/** What chat forgets of a member once blocked: their conversation in the list, its thread and messages. */
function forgetConversationWith(conversationId: string) {
  return (queryClient: QueryClient, userId: string) => {
    queryClient.setQueryData<ConversationList>(chatKeys.conversations(), (list) => {
      if (!list) return list;
      const conversations = list.conversations.filter((conversation) => conversation.member._id !== userId);
      return { conversations, count: list.count - (list.conversations.length - conversations.length) };
    });
    queryClient.removeQueries({ queryKey: chatKeys.conversation(conversationId) });
    queryClient.removeQueries({ queryKey: chatKeys.messages(conversationId) });
  };
}

/**
 * Block and report from a thread's menu, as from a profile: report opens safety's report page,
 * block asks first (safety's words), then the conversation leaves the member's caches and the
 * screen goes back to the conversations.
 */
export function useThreadSafety(
  conversationId: string,
  member: ConversationMember | null,
): { items: ReactNode; dialog: ReactNode } {
  const { t } = useTranslation(['safety', 'errors']);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const block = useBlockMutation({ forget: forgetConversationWith(conversationId) });
  if (!member) return { items: null, dialog: null };
  const name = member.firstName ?? member.name;

  const confirmBlock = () =>
    block.mutate(member._id, {
      onSuccess: () => {
        setConfirming(false);
        notify('positive', t('block.done', { name }));
        void navigate('/conversations', { replace: true });
      },
      onError: (error) => {
        if (isSessionEnd(error)) return;
        notify('negative', t('block.failed', { name, reason: failureReason(error, t) }), 6000);
      },
    });

  const items = (
    <>
      <Menu.Divider />
      <Menu.Item
        component={Link}
        to={`/settings/report/profile/${encodeURIComponent(member._id)}`}
        state={{ name }}
        leftSection={<IconFlag size={18} aria-hidden />}
      >
        {t('menu.report')}
      </Menu.Item>
      <Menu.Item
        color="red"
        leftSection={<IconBan size={18} aria-hidden />}
        onClick={() => setConfirming(true)}
      >
        {t('menu.block')}
      </Menu.Item>
    </>
  );

  const dialog = (
    <Modal
      opened={confirming}
      onClose={() => !block.isPending && setConfirming(false)}
      title={t('block.title', { name })}
      centered
      radius="md"
    >
      <Stack gap="md">
        <List size="sm" spacing="xs">
          <List.Item>{t('block.hidden')}</List.Item>
          <List.Item>{t('block.match')}</List.Item>
          <List.Item>{t('block.silent', { name })}</List.Item>
        </List>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={block.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            color="red"
            leftSection={<IconBan size={18} aria-hidden />}
            loading={block.isPending}
            onClick={confirmBlock}
          >
            {t('block.confirm', { name })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { items, dialog };
}
