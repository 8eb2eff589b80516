import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CaseAssignInput,
  CaseDetail,
  CaseList,
  CaseListQuery,
  MemberHistory,
  ModerationActionInput,
} from '@motema/shared/moderation';
import { api } from '../../lib/api-client.ts';

/** The console's queries (packages/shared/src/moderation.ts); every route answers 404 to a member. */
export type QueueFilter = Pick<CaseListQuery, 'state' | 'assigned'>;

export const moderationKeys = {
  all: ['moderation'] as const,
  cases: (filter: QueueFilter) => ['moderation', 'cases', filter] as const,
  case: (id: string) => ['moderation', 'case', id] as const,
  member: (id: string) => ['moderation', 'member', id] as const,
};

const casePath = (id: string) => `/moderation/cases/${encodeURIComponent(id)}`;

/** One tab of the queue, highest priority first; the last answer stays on screen while a new tab loads. */
export const useCasesQuery = (filter: QueueFilter) =>
  useQuery({
    queryKey: moderationKeys.cases(filter),
    queryFn: ({ signal }) => api<CaseList>('/moderation/cases', { query: { ...filter, limit: 50 }, signal }),
    placeholderData: keepPreviousData,
  });

export const useCaseQuery = (id: string) =>
  useQuery({
    queryKey: moderationKeys.case(id),
    queryFn: ({ signal }) => api<CaseDetail>(casePath(id), { signal }),
  });

export const useMemberHistoryQuery = (id: string) =>
  useQuery({
    queryKey: moderationKeys.member(id),
    queryFn: ({ signal }) => api<MemberHistory>(`/moderation/members/${encodeURIComponent(id)}`, { signal }),
  });

/**
 * A change answers the case as it now is: it replaces the cached one, and the queue's tabs are asked
 * again (the case moved between them or changed hands).
 */
function useCaseChange<Input>(id: string, send: (input: Input) => Promise<CaseDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: { form: true },
    onSuccess: (detail) => {
      queryClient.setQueryData(moderationKeys.case(id), detail);
      void queryClient.invalidateQueries({ queryKey: ['moderation', 'cases'] });
      if (detail.member)
        void queryClient.invalidateQueries({ queryKey: moderationKeys.member(detail.member._id) });
    },
  });
}

/** Takes the case (`me`) or hands it back to the queue (`null`). */
export const useAssignMutation = (id: string) =>
  useCaseChange(id, (assignee: CaseAssignInput['assignee']) =>
    api<CaseDetail>(`${casePath(id)}/assignee`, { method: 'PUT', body: { assignee } }),
  );

export const useActionMutation = (id: string) =>
  useCaseChange(id, (input: ModerationActionInput) =>
    api<CaseDetail>(`${casePath(id)}/actions`, { method: 'POST', body: input }),
  );
