import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Conversation } from '@motema/shared/chat';

export type ConversationFolder = 'main' | 'requests';

/**
 * The list's two folders, as messengers keep them: the member's chats, and the message requests
 * (members they do not match with who wrote first, not answered yet; `Conversation.request`). The
 * folder is in the address (`?folder=requests`), so Back returns to it.
 */
export function useConversationFolders(conversations: readonly Conversation[]) {
  const [params, setParams] = useSearchParams();
  const requests = conversations.filter((conversation) => conversation.request);
  const folder: ConversationFolder = params.get('folder') === 'requests' ? 'requests' : 'main';
  const choose = (next: ConversationFolder) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (next === 'requests') changed.set('folder', 'requests');
        else changed.delete('folder');
        return changed;
      },
      { replace: true },
    );
  return {
    folder,
    choose,
    requestCount: requests.length,
    shown: folder === 'requests' ? requests : conversations.filter((conversation) => !conversation.request),
  };
}

/** Chats | Requests (n): shown once there is a request, or while the requests are open. */
export function ConversationFolders({
  folder,
  requestCount,
  onChoose,
}: {
  folder: ConversationFolder;
  requestCount: number;
  onChoose: (folder: ConversationFolder) => void;
}) {
  const { t } = useTranslation('chat');
  if (requestCount === 0 && folder === 'main') return null;
  return (
    <>
      <Group gap="xs" px="md" mb="sm" grow wrap="nowrap">
        {(['main', 'requests'] as const).map((value) => (
          <Button
            key={value}
            radius="xl"
            size="sm"
            variant={folder === value ? 'filled' : 'default'}
            aria-pressed={folder === value}
            onClick={() => onChoose(value)}
          >
            {value === 'main' ? t('folders.main') : t('folders.requestsCount', { count: requestCount })}
          </Button>
        ))}
      </Group>
      {folder === 'requests' && requestCount === 0 && (
        <Text size="sm" c="dimmed" px="md">
          {t('folders.requestsEmpty')}
        </Text>
      )}
    </>
  );
}
