import { Button, EmptyState, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockedUser } from '@motema/shared/safety';
import { formatDate } from '../../lib/format-date.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { notify } from '../../lib/notices.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { MemberAvatar } from '../../ui/member-avatar.tsx';
import { isolate, MemberText } from '../../ui/member-text.tsx';
import { errorText, isSessionEnd } from '../../lib/error-text.ts';
import { useBlockListQuery, useUnblockMutation } from './safety.api.ts';
import { LoadFailed } from '../../ui/load-failed.tsx';

const SKELETON_ROWS = 4;

function BlockedRowSkeleton() {
  return (
    <Paper withBorder radius="md" p="sm">
      <Group wrap="nowrap" gap="sm">
        <Skeleton circle height={48} />
        <Stack gap={6} style={{ flex: 1 }}>
          <Skeleton height={14} width="55%" radius="sm" />
          <Skeleton height={12} width="35%" radius="sm" />
          <Skeleton height={10} width="45%" radius="sm" />
        </Stack>
        <Skeleton height={36} width={96} radius="md" />
      </Group>
    </Paper>
  );
}

function BlockedRow({ user, onUnblock }: { user: BlockedUser; onUnblock: (user: BlockedUser) => void }) {
  const { t } = useTranslation('safety');
  const date = useMemo(
    () => formatDate(Date.parse(user.blockedAt), currentLanguage(), { dateStyle: 'medium' }),
    [user.blockedAt],
  );
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group wrap="nowrap" gap="sm">
        <MemberAvatar name={user.name} image={user.avatar} size={48} radius="xl" />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            <MemberText>{user.name}</MemberText>
          </Text>
          <Text size="sm" c="dimmed" truncate>
            <MemberText>{`@${user.username}`}</MemberText>
          </Text>
          <Text size="xs" c="dimmed">
            {t('blockList.blockedOn', { date })}
          </Text>
        </Stack>
        <Button
          variant="light"
          color="gray"
          px="sm"
          style={{ flexShrink: 0 }}
          onClick={() => onUnblock(user)}
          aria-label={t('unblock.buttonLabel', { name: user.name })}
        >
          {t('unblock.button')}
        </Button>
      </Group>
    </Paper>
  );
}

/** Settings, Blocked people: whom the member blocked, newest first, each with an unblock button. */
export function BlockListPage() {
  const { t } = useTranslation(['safety', 'errors', 'common']);
  const list = useBlockListQuery();
  const unblock = useUnblockMutation();
  // The member being unblocked stays set while the dialog closes, so its text does not vanish mid-animation.
  const [target, setTarget] = useState<BlockedUser | null>(null);
  const [confirming, setConfirming] = useState(false);
  const ask = (user: BlockedUser) => {
    setTarget(user);
    setConfirming(true);
  };
  const users = useMemo(() => list.data?.pages.flatMap((page) => page.users) ?? [], [list.data]);
  const count = list.data?.pages.at(-1)?.count ?? 0;

  const confirmUnblock = () => {
    if (!target) return;
    const { _id } = target;
    const name = isolate(target.name);
    unblock.mutate(_id, {
      onSuccess: () => {
        setConfirming(false);
        notify('positive', t('unblock.done', { name }));
      },
      onError: (error) => {
        setConfirming(false);
        if (isSessionEnd(error)) return;
        notify('negative', t('unblock.failed', { name, reason: errorText(error, t) }), 6000);
      },
    });
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h3">
          {t('blockList.title')}
        </Title>
        <Text c="dimmed">{t('blockList.intro')}</Text>
      </Stack>

      {list.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('blockList.loading')}>
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <BlockedRowSkeleton key={index} />
          ))}
        </Stack>
      ) : list.isError ? (
        <LoadFailed
          message={t('blockList.loadFailed')}
          reason={errorText(list.error, t)}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : users.length === 0 ? (
        <EmptyState
          icon={<IconShieldCheck size={32} aria-hidden />}
          variant="light"
          title={t('blockList.emptyTitle')}
          description={t('blockList.emptyText')}
          py="xl"
        />
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('blockList.count', { count })}
          </Text>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {users.map((user) => (
              <BlockedRow key={user._id} user={user} onUnblock={ask} />
            ))}
          </Stack>
          {list.hasNextPage && (
            <Button
              variant="subtle"
              onClick={() => void list.fetchNextPage()}
              loading={list.isFetchingNextPage}
            >
              {t('blockList.more')}
            </Button>
          )}
        </Stack>
      )}

      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={target ? t('unblock.title', { name: isolate(target.name) }) : ''}
        cancelLabel={t('common:actions.cancel')}
        confirmLabel={t('unblock.confirm')}
        onConfirm={confirmUnblock}
        loading={unblock.isPending}
      >
        <Text size="sm">{target ? t('unblock.text', { name: isolate(target.name) }) : ''}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
