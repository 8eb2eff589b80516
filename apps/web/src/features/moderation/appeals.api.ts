import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppealView, NoticeList } from '@motema/shared/moderation';
import { api } from '../../lib/api-client.ts';

/** The member's side of moderation: their notices, and the appeal page's (public, by the e-mail's token). */
export const appealKeys = {
  notices: ['moderation', 'notices'] as const,
  appeal: (token: string) => ['moderation', 'appeal', token] as const,
};

const appealPath = (token: string) => `/appeals/${encodeURIComponent(token)}`;

export const useNoticesQuery = () =>
  useQuery({
    queryKey: appealKeys.notices,
    queryFn: ({ signal }) => api<NoticeList>('/moderation/notices', { signal }),
    meta: { silent: true },
  });

export const useAppealQuery = (token: string) =>
  useQuery({
    queryKey: appealKeys.appeal(token),
    queryFn: ({ signal }) => api<AppealView>(appealPath(token), { signal }),
  });

/** Sends the appeal; the page shows the answer (the appeal made) at once, and home's notices follow. */
export function useAppealMutation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api<AppealView>(appealPath(token), { method: 'POST', body: { text } }),
    meta: { form: true },
    onSuccess: (view) => {
      queryClient.setQueryData(appealKeys.appeal(token), view);
      void queryClient.invalidateQueries({ queryKey: appealKeys.notices });
    },
  });
}
