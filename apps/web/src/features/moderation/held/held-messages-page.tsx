import { Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HeldMessage } from '@motema/shared/held-messages';
import { MemberText } from '../../../ui/member-text.tsx';
import { LoadFailed } from '../../../ui/load-failed.tsx';
import { useHeldDecisionMutation, useHeldMessagesQuery } from './held-messages.api.ts';
import { ConsoleScreen } from '../console-screen.tsx';

function HeldRow({ held }: { held: HeldMessage }) {
  const { t } = useTranslation('held');
  const decide = useHeldDecisionMutation();
  const pending = decide.isPending ? decide.variables.decision : null;
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Stack gap={6}>
        <Text size="sm">
          {t('fromTo', { sender: `@${held.sender.username}`, recipient: `@${held.recipient.username}` })}
        </Text>
        <Text style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {held.text === null ? t('noText') : <MemberText>{held.text}</MemberText>}
        </Text>
        {held.files > 0 && (
          <Text size="sm" c="dimmed">
            {t('files', { count: held.files })}
          </Text>
        )}
        <Group gap={4} aria-label={t('familiesLabel')}>
          {held.families.map((family) => (
            <Badge key={family} variant="light" color="coral">
              {t(`family.${family}`)}
            </Badge>
          ))}
        </Group>
        <Group gap="xs" justify="flex-end">
          <Button
            variant="light"
            color="gray"
            disabled={decide.isPending}
            loading={pending === 'drop'}
            onClick={() => decide.mutate({ id: held._id, decision: 'drop' })}
          >
            {t('drop')}
          </Button>
          <Button
            disabled={decide.isPending}
            loading={pending === 'release'}
            onClick={() => decide.mutate({ id: held._id, decision: 'release' })}
          >
            {t('release')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The moderation console's held messages (docs/scam-shield.md): what restricted members sent to
 * members who had not answered them, oldest first; staff release (delivered now) or drop each.
 */
export default function HeldMessagesPage() {
  const { t } = useTranslation('held');
  const held = useHeldMessagesQuery();
  return (
    <ConsoleScreen title={t('title')}>
      {held.isPending ? (
        <Stack gap="sm" aria-hidden>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={120} radius="md" />
          ))}
        </Stack>
      ) : held.isError ? (
        <LoadFailed message={t('error')} onRetry={() => void held.refetch()} />
      ) : held.data.heldMessages.length === 0 ? (
        <Text c="dimmed">{t('empty')}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {held.data.heldMessages.map((message) => (
            <HeldRow key={message._id} held={message} />
          ))}
        </Stack>
      )}
    </ConsoleScreen>
  );
}
