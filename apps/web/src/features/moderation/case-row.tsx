import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { CaseSummary } from '@motema/shared/moderation';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../lib/i18n.ts';
import { timeAgo } from '../../lib/time-ago.ts';
import { MemberText } from '../../ui/member-text.tsx';

/**
 * One case of the queue, leading to it: who it is about and what, its priority and reporters, the
 * reasons most given first, how old its last report is, and who holds it.
 */
export function CaseRow({ summary, now }: { summary: CaseSummary; now: number }) {
  const { t } = useTranslation(['moderation', 'safety']);
  const { member, subject } = summary;
  const age = timeAgo(summary.lastReportedAt, now, currentLanguage(), 'week');
  return (
    <UnstyledButton component={Link} to={`/moderation/case/${summary._id}`} display="block">
      <Paper withBorder radius="md" p="sm">
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={700} truncate>
              {member ? <MemberText>{`${member.name} @${member.username}`}</MemberText> : t('queue.noMember')}
            </Text>
            <Badge variant="light" color={summary.priority >= 10 ? 'red' : 'gray'} style={{ flex: 'none' }}>
              {t('queue.priority', { priority: Math.round(summary.priority) })}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {[
              t(`subjects.${subject.kind}`),
              t('queue.reporters', { count: summary.reporters }),
              age,
              summary.assignee
                ? t('queue.heldBy', { name: summary.assignee.username })
                : t('queue.unassigned'),
            ].join(' · ')}
          </Text>
          <Group gap={6}>
            {summary.appealed && (
              <Badge color="ochre" variant="filled">
                {t('queue.appealed')}
              </Badge>
            )}
            {summary.reasons.map(({ reason, count }) => (
              <Badge key={reason} variant="outline" color="gray.7" tt="none">
                {`${t(`safety:report.reasons.${reason}`)} × ${count}`}
              </Badge>
            ))}
          </Group>
        </Stack>
      </Paper>
    </UnstyledButton>
  );
}
