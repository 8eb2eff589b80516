import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PendingEmailChange, PendingPhoneChange } from '@motema/shared/auth';
import type { Me, MatchPreferences, PrivacyUpdate, ProfileUpdate } from '@motema/shared/users';
import { api } from '../../lib/api-client.ts';
import { usersKeys } from '../users/users.api.ts';

/** The forms of these mutations show their own errors (fields, or a notice they choose). */
const FORM = { form: true } as const;

export type PasswordChangeInput = { currentPassword: string; password: string; confirmation: string };
export type EmailChangeInput = { password: string; email: string };
export type PhoneChangeInput = { password: string; phone: string; country: string };

function useMeMutation<TInput>(request: (input: TInput) => Promise<Me>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (me) => queryClient.setQueryData(usersKeys.me, me),
    meta: FORM,
  });
}

/** Forgets everything about the member who just left (deactivated or deleted the account). */
export function useUpdateProfileMutation() {
  return useMeMutation((profile: ProfileUpdate) =>
    api<Me>('/users/profile', { method: 'PUT', body: profile }),
  );
}

export function useUpdateMatchMutation() {
  return useMeMutation((match: MatchPreferences) => api<Me>('/users/match', { method: 'PUT', body: match }));
}

/** Settings > Privacy: discreet mode (the server's one setting; the notification settings show it too). */
export function useUpdatePrivacyMutation() {
  return useMeMutation((privacy: PrivacyUpdate) =>
    api<Me>('/users/privacy', { method: 'PATCH', body: privacy }),
  );
}

export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (input: PasswordChangeInput) => api<void>('/users/password', { method: 'PUT', body: input }),
    meta: FORM,
  });
}

type Pending = { email: PendingEmailChange; phone: PendingPhoneChange };
export type ContactKind = keyof Pending;
const pendingKey = (kind: ContactKind) => ['settings', kind, 'pending'] as const;

/**
 * The e-mail or phone change under way (null: none), as the server keeps it until its code is used,
 * expires or is tried too often: a reload shows its code step again, with when a new code may be asked.
 */
export function usePendingChangeQuery<K extends ContactKind>(kind: K) {
  return useQuery({
    queryKey: pendingKey(kind),
    queryFn: async ({ signal }) =>
      (await api<Pending[K] | undefined>(`/users/${kind}/pending`, { signal })) ?? null,
    staleTime: 0,
    // Not known (no answer): the first step shows, as before any change; nothing to say about it.
    meta: { silent: true },
  });
}

/** Asks a code for a new address or number; the change under way is asked again, sent or refused. */
function useRequestChangeMutation<TInput>(kind: ContactKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => api<void>(`/users/${kind}`, { method: 'POST', body: input }),
    meta: FORM,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pendingKey(kind) }),
  });
}

/** The code comes back: the member's new profile, and no change under way any more. */
function useConfirmChangeMutation(kind: ContactKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api<Me>(`/users/${kind}/confirm`, { method: 'POST', body: { code } }),
    onSuccess: (me) => {
      queryClient.setQueryData(usersKeys.me, me);
      queryClient.setQueryData(pendingKey(kind), null);
    },
    meta: FORM,
  });
}

export const useRequestEmailChangeMutation = () => useRequestChangeMutation<EmailChangeInput>('email');
export const useConfirmEmailChangeMutation = () => useConfirmChangeMutation('email');
export const useRequestPhoneChangeMutation = () => useRequestChangeMutation<PhoneChangeInput>('phone');
export const useConfirmPhoneChangeMutation = () => useConfirmChangeMutation('phone');

/** Hides the account until the next login; the caller leaves the member's screens. */
export function useDeactivateMutation() {
  return useMutation({
    mutationFn: (password: string) => api<void>('/users/deactivate', { method: 'POST', body: { password } }),
    meta: FORM,
  });
}

/** Removes the account for good; the caller leaves the member's screens. */
export function useDeleteAccountMutation() {
  return useMutation({
    mutationFn: (password: string) => api<void>('/users', { method: 'DELETE', body: { password } }),
    meta: FORM,
  });
}
