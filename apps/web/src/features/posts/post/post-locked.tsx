import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Post } from '@motema/shared/posts';
import { IconCheck, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../ui/member-text.tsx';
import { useAccessRequestMutation } from '../requests/post-requests.api.ts';

/**
 * A private post the member may not see: that it exists, whose it is and what it holds (never its
 * text or media), and "Ask to see", which becomes "Request sent" (and may be taken back).
 */
export function LockedPost({ post, name }: { post: Post; name: string }) {
  const { t } = useTranslation('posts');
  const request = useAccessRequestMutation(post._id);
  const requested = post.access === 'requested';
  const what = post.mediaCount > 0 ? t(`kinds.${post.kind}`, { count: post.mediaCount }) : t('kinds.text');
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-default-hover)">
      <Stack gap="sm" align="flex-start">
        <Group gap="xs" wrap="nowrap">
          <IconLock size={20} aria-hidden />
          <Text fw={600}>{t('locked.title', { name: isolate(name) })}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t('locked.holds', { what })}
        </Text>
        {requested ? (
          <Group gap="xs">
            {/* Said as a button (where "Ask to see" was), but nothing more to do: no action, not greyed out. */}
            <Button
              variant="light"
              color="teal"
              leftSection={<IconCheck size={18} aria-hidden />}
              aria-disabled
              style={{ cursor: 'default' }}
            >
              {t('locked.requested')}
            </Button>
            <Button
              variant="subtle"
              color="gray"
              loading={request.isPending}
              onClick={() => request.mutate(false)}
            >
              {t('locked.withdraw')}
            </Button>
          </Group>
        ) : (
          <Button loading={request.isPending} onClick={() => request.mutate(true)}>
            {t('locked.ask')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
