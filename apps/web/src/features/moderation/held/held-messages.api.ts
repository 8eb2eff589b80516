import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HeldDecision, HeldMessageList } from '@motema/shared/held-messages';
import { api } from '../../../lib/api-client.ts';

/** The console's queue of held messages (docs/scam-shield.md): staff only, the server answers 404 to members. */
export const heldKeys = {
  all: ['moderation', 'held-messages'] as const,
};

/** The first page of held messages, oldest first (the console works through them in order). */
export function useHeldMessagesQuery() {
  return useQuery({
    queryKey: heldKeys.all,
    queryFn: () => api<HeldMessageList>('/moderation/held-messages'),
  });
}

/** Releases (delivers now) or drops a held message, then reloads the queue. */
export function useHeldDecisionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string } & HeldDecision) =>
      api<void>(`/moderation/held-messages/${id}`, { method: 'POST', body: { decision } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: heldKeys.all }),
  });
}
