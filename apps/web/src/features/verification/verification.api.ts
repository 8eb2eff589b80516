import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VerificationDecision, VerificationQueue, VerificationState } from '@motema/shared/verification';
import { api, uploadForm } from '../../lib/api-client.ts';

export const verificationKeys = {
  mine: ['verification'] as const,
  queue: ['moderation', 'verifications'] as const,
};

/** The member's verification, and the pose drawn for them when they may send a selfie. */
export function useVerificationQuery() {
  return useQuery({
    queryKey: verificationKeys.mine,
    queryFn: () => api<VerificationState>('/verification'),
  });
}

/** POST /api/verification: the pose, then the camera's still (multipart, never retried). */
export function useSendSelfieMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pose, selfie }: { pose: string; selfie: Blob }) => {
      const form = new FormData();
      form.append('pose', pose);
      form.append('selfie', selfie, 'selfie.jpg');
      return uploadForm('/verification', form) as Promise<VerificationState>;
    },
    onSuccess: (state) => queryClient.setQueryData(verificationKeys.mine, state),
    meta: { form: true },
  });
}

/** The console's queue (staff only: the server answers 404 to a member). */
export function useVerificationQueueQuery() {
  return useQuery({
    queryKey: verificationKeys.queue,
    queryFn: () => api<VerificationQueue>('/moderation/verifications', { query: { limit: 20 } }),
    retry: false,
  });
}

/** A moderator's decision; the queue is fetched again after it (another moderator may have decided too). */
export function useDecideVerificationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: VerificationDecision }) =>
      api<void>(`/moderation/verifications/${encodeURIComponent(id)}`, { method: 'POST', body: decision }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: verificationKeys.queue }),
  });
}
