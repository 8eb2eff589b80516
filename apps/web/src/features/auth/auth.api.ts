import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, RegisterInput } from '@motema/shared/auth';
import type { Me } from '@motema/shared/users';
import { api } from '../../lib/api-client.ts';
import { endPushOnDevice, withPushDeviceToken } from '../notifications/push/push-device.ts';
import { useEndSession, usersKeys } from '../users/users.api.ts';

export type ConfirmInput = { email: string; code: string } | { token: string };
export type ResetChannel = 'email' | 'phone';
export type ResetSendInput = { identifier: string; channel: ResetChannel };
export type ResetVerifyInput = { identifier: string; code: string };
export type ResetPasswordInput = { identifier: string; code: string; password: string; confirmation: string };
export type LogoutInput = { 'web-token'?: string; 'android-token'?: string; 'ios-token'?: string };

/** The forms of these screens show their own errors: the global catalogue stays quiet (`meta.form`). */
const FORM = { form: true } as const;

export function useRegisterMutation() {
  return useMutation({
    mutationFn: (input: RegisterInput) =>
      api<{ email: string }>('/auth/register', { method: 'POST', body: input }),
    meta: FORM,
  });
}

/** Confirms the e-mail (code or link token); the member is then logged in: the guard takes over. */
export function useConfirmMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConfirmInput) => api<Me>('/auth/confirm', { method: 'POST', body: input }),
    onSuccess: (me) => queryClient.setQueryData(usersKeys.me, me),
    meta: FORM,
  });
}

export function useResendConfirmationMutation() {
  return useMutation({
    mutationFn: (email: string) => api<void>('/auth/confirm/resend', { method: 'POST', body: { email } }),
    meta: FORM,
  });
}

export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api<Me>('/auth/login', { method: 'POST', body: input }),
    onSuccess: (me) => queryClient.setQueryData(usersKeys.me, me),
    meta: FORM,
  });
}

/**
 * Ends the session: the member becomes a visitor, every cached answer goes, and to login. The server
 * is told this device's push token (`web-token`: a browser's endpoint; `android-token`, `ios-token`: the
 * native app's) besides the session's tokens, and the device's registration ends: nothing of this
 * member reaches the device any more.
 */
export function useLogoutMutation() {
  const endSession = useEndSession();
  return useMutation({
    mutationFn: (tokens: LogoutInput = {}) =>
      api<void>('/users/logout', { method: 'PUT', body: withPushDeviceToken(tokens ?? {}) }),
    onSuccess: () => {
      void endPushOnDevice();
      endSession('/login');
    },
  });
}

export function useSendResetCodeMutation() {
  return useMutation({
    mutationFn: (input: ResetSendInput) => api<void>('/auth/password/send', { method: 'POST', body: input }),
    meta: FORM,
  });
}

export function useVerifyResetCodeMutation() {
  return useMutation({
    mutationFn: (input: ResetVerifyInput) =>
      api<{ valid: true }>('/auth/password/verify', { method: 'POST', body: input }),
    meta: FORM,
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      api<void>('/auth/password/reset', { method: 'POST', body: input }),
    meta: FORM,
  });
}
