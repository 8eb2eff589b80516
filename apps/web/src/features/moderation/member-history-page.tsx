import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CaseMemberCard, EventList, Part, when } from './case-parts.tsx';
import { CaseRow } from './case-row.tsx';
import { ConsoleLoaded, ConsoleScreen } from './console-screen.tsx';
import { useMemberHistoryQuery } from './moderation.api.ts';

/** A member's history: their standing, every case about them, and every action taken on them. */
export function MemberHistoryPage() {
  const { t } = useTranslation('moderation');
  const id = useParams().id ?? '';
  const query = useMemberHistoryQuery(id);
  const now = Date.now();
  return (
    <ConsoleScreen title={t('member.title')} back="/moderation">
      <ConsoleLoaded query={query}>
        {({ member, cases, events }) => (
          <Stack gap="md">
            <CaseMemberCard member={member} />
            {member.createdAt && (
              <Text size="sm" c="dimmed">
                {t('member.since', { date: when(member.createdAt) })}
              </Text>
            )}
            <Part title={t('member.cases', { count: cases.length })}>
              {cases.map((summary) => (
                <CaseRow key={summary._id} summary={summary} now={now} />
              ))}
            </Part>
            <Part title={t('events.title')}>
              <EventList events={events} />
            </Part>
          </Stack>
        )}
      </ConsoleLoaded>
    </ConsoleScreen>
  );
}
