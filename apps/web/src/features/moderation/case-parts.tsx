import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CaseMember, CaseReport, CaseSnapshot, ModerationEvent } from '@motema/shared/moderation';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format-date.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { MemberText } from '../../ui/member-text.tsx';

/** A date and time as the console shows them. */
export const when = (iso: string) =>
  formatDate(Date.parse(iso), currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' });

/** A titled block of the case page. */
export function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The member the case is about: their standing, whether verified, and their history. */
export function CaseMemberCard({ member }: { member: CaseMember }) {
  const { t } = useTranslation('moderation');
  return (
    <Group gap="xs">
      <Text fw={700}>
        <MemberText>{`${member.name} @${member.username}`}</MemberText>
      </Text>
      <Badge variant="light" color={member.status === 'active' ? 'gray' : 'red'}>
        {t(`statuses.${member.status}`)}
      </Badge>
      {member.verified && <Badge variant="light">{t('member.verified')}</Badge>}
      <Anchor component={Link} to={`/moderation/member/${member._id}`} size="sm">
        {t('member.history')}
      </Anchor>
    </Group>
  );
}

/** The subject as first reported: its text, its profile's facts, its pictures (console URLs). */
export function SnapshotView({ snapshot }: { snapshot: CaseSnapshot }) {
  const { t } = useTranslation('moderation');
  const { profile } = snapshot;
  return (
    <>
      <Text size="sm" c="dimmed">
        {t(snapshot.live ? 'snapshot.live' : 'snapshot.gone', { date: when(snapshot.takenAt) })}
      </Text>
      {profile && (
        <Text size="sm">
          <MemberText>
            {[profile.firstName, `@${profile.username}`, profile.age].filter(Boolean).join(' · ')}
          </MemberText>
        </Text>
      )}
      {snapshot.text && (
        <Text style={{ whiteSpace: 'pre-wrap' }}>
          <MemberText>{snapshot.text}</MemberText>
        </Text>
      )}
      {snapshot.media.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          {snapshot.media.map((media, index) =>
            media.kind === 'photo' ? (
              <img
                key={media.url}
                src={media.url}
                alt={t('snapshot.picture', { index: index + 1 })}
                loading="lazy"
                style={{ width: '100%', borderRadius: 4 }}
              />
            ) : (
              <Anchor key={media.url} href={media.url} target="_blank" rel="noreferrer" size="sm">
                {t(`snapshot.${media.kind}`, { index: index + 1 })}
              </Anchor>
            ),
          )}
        </SimpleGrid>
      )}
    </>
  );
}

/** One report: reason, sub-reason, the reporter's words, and who the reporter is (staff only). */
export function ReportItem({ report }: { report: CaseReport }) {
  const { t } = useTranslation(['moderation', 'safety']);
  const { reporter } = report;
  return (
    <Stack gap={2} component="li">
      <Text fw={600}>
        {t(`safety:report.reasons.${report.reason}`)}
        {' · '}
        {t(`safety:report.subReasons.${report.reason}.${report.subReason}`, {
          defaultValue: report.subReason,
        })}
      </Text>
      {report.text && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          <MemberText>{report.text}</MemberText>
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {[
          `@${reporter.username}`,
          t('report.accountAge', { count: reporter.accountAgeDays }),
          t('report.accuracy', { agreed: reporter.accuracy.agreed, dismissed: reporter.accuracy.dismissed }),
          reporter.muted ? t('report.muted') : null,
          when(report.createdAt),
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    </Stack>
  );
}

/** The audit log: what was done, by whom, when, citing which rule, with the staff's note. */
export function EventList({ events }: { events: ModerationEvent[] }) {
  const { t } = useTranslation('moderation');
  if (events.length === 0) return <Text c="dimmed">{t('events.none')}</Text>;
  return (
    <Stack gap="xs" component="ol" m={0} pl="md">
      {events.map((event) => (
        <Stack gap={0} component="li" key={event._id}>
          <Text size="sm" fw={600}>
            {[
              t(`actions.${event.action}`),
              event.rule && t(`rules.${event.rule}`),
              event.days && t('events.days', { count: event.days }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <Text size="xs" c="dimmed">
            {[
              event.moderator ? `@${event.moderator.username}` : t('events.system'),
              when(event.createdAt),
            ].join(' · ')}
          </Text>
          {event.note && <Text size="sm">{event.note}</Text>}
          {event.message && (
            <Text size="sm" fs="italic">
              {event.message}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
