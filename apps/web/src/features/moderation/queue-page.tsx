import { SegmentedControl, Stack, Text } from '@mantine/core';
import { CASE_STATES, type CaseState } from '@motema/shared/moderation';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CaseRow } from './case-row.tsx';
import { ConsoleLoaded, ConsoleScreen } from './console-screen.tsx';
import { useCasesQuery, type QueueFilter } from './moderation.api.ts';

const ASSIGNED = ['me', 'none', 'any'] as const;
type Assigned = (typeof ASSIGNED)[number];

/** The tab and filter, kept in the address so a reload or a way back keeps them. */
function filterOf(params: URLSearchParams): QueueFilter {
  const state = params.get('state') as CaseState | null;
  const assigned = params.get('assigned') as Assigned | null;
  return {
    state: state && CASE_STATES.includes(state) ? state : 'open',
    assigned: assigned && ASSIGNED.includes(assigned) ? assigned : 'any',
  };
}

/** The queue: the open, escalated or closed cases, all of them or the moderator's or nobody's. */
export function QueuePage() {
  const { t } = useTranslation('moderation');
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const cases = useCasesQuery(filter);
  const choose = (change: Partial<QueueFilter>) => setParams({ ...filter, ...change }, { replace: true });
  const now = Date.now();

  return (
    <ConsoleScreen title={t('queue.title')}>
      <SegmentedControl
        aria-label={t('queue.stateLabel')}
        fullWidth
        value={filter.state}
        onChange={(state) => choose({ state: state as CaseState })}
        data={CASE_STATES.map((state) => ({ value: state, label: t(`queue.states.${state}`) }))}
      />
      <SegmentedControl
        aria-label={t('queue.assignedLabel')}
        fullWidth
        size="xs"
        value={filter.assigned}
        onChange={(assigned) => choose({ assigned: assigned as Assigned })}
        data={ASSIGNED.map((assigned) => ({ value: assigned, label: t(`queue.assigned.${assigned}`) }))}
      />
      <ConsoleLoaded query={cases}>
        {({ cases: list, count }) =>
          list.length === 0 ? (
            <Text c="dimmed">{t('queue.empty')}</Text>
          ) : (
            <Stack gap="xs" component="section" aria-label={t('queue.count', { count })}>
              {list.map((summary) => (
                <CaseRow key={summary._id} summary={summary} now={now} />
              ))}
            </Stack>
          )
        }
      </ConsoleLoaded>
    </ConsoleScreen>
  );
}
