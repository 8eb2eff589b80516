import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { CaseDetail } from '@motema/shared/moderation';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorText } from '../../lib/error-text.ts';
import { notifyError } from '../../lib/notices.ts';
import { knownMe } from '../../lib/query-client.ts';
import { ActionForm } from './action-form.tsx';
import { CaseMemberCard, EventList, Part, ReportItem, SnapshotView, when } from './case-parts.tsx';
import { ConsoleLoaded, ConsoleScreen } from './console-screen.tsx';
import { useAssignMutation, useCaseQuery } from './moderation.api.ts';

/** Whether the moderator is one of the case's reporters: another moderator takes and decides it. */
const reportedBy = (detail: CaseDetail, me: string | undefined) =>
  detail.reports.some((report) => report.reporter._id === me);

/**
 * Take the case, or hand it back to the queue; who holds it now. No button on a case the moderator
 * reported (the server refuses them, 403 `case_you_reported`; the decision part says why).
 */
function Assignment({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation(['moderation', 'errors']);
  const assign = useAssignMutation(detail._id);
  const me = knownMe(useQueryClient())?._id;
  const mine = detail.assignee?._id === me;
  const change = (assignee: 'me' | null) =>
    assign.mutate(assignee, { onError: (error) => notifyError(errorText(error, t)) });
  return (
    <Group gap="sm">
      <Text size="sm">
        {detail.assignee ? t('queue.heldBy', { name: detail.assignee.username }) : t('queue.unassigned')}
      </Text>
      {reportedBy(detail, me) ? null : mine ? (
        <Button size="compact-sm" variant="light" loading={assign.isPending} onClick={() => change(null)}>
          {t('case.handBack')}
        </Button>
      ) : (
        <Button size="compact-sm" loading={assign.isPending} onClick={() => change('me')}>
          {t('case.take')}
        </Button>
      )}
    </Group>
  );
}

/**
 * What can be done now: nothing on a closed case, nothing on a case the moderator reported nor on the
 * appeal of their own action (the server's `actionable`): another moderator decides those.
 */
function Decision({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation(['moderation', 'errors']);
  const me = knownMe(useQueryClient())?._id;
  if (detail.state === 'closed') return <Text c="dimmed">{t('case.closed')}</Text>;
  if (!detail.actionable)
    return (
      <Alert color="ochre" variant="light">
        {reportedBy(detail, me) ? t('errors:case_you_reported') : t('case.notActionable')}
      </Alert>
    );
  return <ActionForm detail={detail} />;
}

/**
 * A case: what was reported as it was, who it is about, each report, the member's appeal, the audit
 * log, taking it, and the action.
 */
export function CasePage() {
  const { t } = useTranslation('moderation');
  const id = useParams().id ?? '';
  const query = useCaseQuery(id);
  return (
    <ConsoleScreen title={t('case.title')} back="/moderation">
      <ConsoleLoaded query={query}>
        {(detail) => (
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {[
                t(`subjects.${detail.subject.kind}`),
                t(`queue.states.${detail.state}`),
                t(`sources.${detail.source}`),
              ].join(' · ')}
            </Text>
            {detail.member && <CaseMemberCard member={detail.member} />}
            <Assignment detail={detail} />
            <Part title={t('snapshot.title')}>
              <SnapshotView snapshot={detail.snapshot} />
            </Part>
            <Part title={t('report.title', { count: detail.reports.length })}>
              <Stack gap="sm" component="ul" m={0} pl="md">
                {detail.reports.map((report) => (
                  <ReportItem key={report._id} report={report} />
                ))}
              </Stack>
            </Part>
            {detail.appeal && (
              <Part title={t('case.appeal', { date: when(detail.appeal.createdAt) })}>
                <Text style={{ whiteSpace: 'pre-wrap' }}>{detail.appeal.text}</Text>
              </Part>
            )}
            <Part title={t('events.title')}>
              <EventList events={detail.events} />
            </Part>
            <Part title={t('action.title')}>
              <Decision detail={detail} />
            </Part>
          </Stack>
        )}
      </ConsoleLoaded>
    </ConsoleScreen>
  );
}
