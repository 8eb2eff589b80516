import { useMutation, useQueryClient } from '@tanstack/react-query';
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

export function useRequestEmailChangeMutation() {
  return useMutation({
    mutationFn: (input: EmailChangeInput) => api<void>('/users/email', { method: 'POST', body: input }),
    meta: FORM,
  });
}

export function useConfirmEmailChangeMutation() {
  return useMeMutation((code: string) => api<Me>('/users/email/confirm', { method: 'POST', body: { code } }));
}

export function useRequestPhoneChangeMutation() {
  return useMutation({
    mutationFn: (input: PhoneChangeInput) => api<void>('/users/phone', { method: 'POST', body: input }),
    meta: FORM,
  });
}

export function useConfirmPhoneChangeMutation() {
  return useMeMutation((code: string) => api<Me>('/users/phone/confirm', { method: 'POST', body: { code } }));
}

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
