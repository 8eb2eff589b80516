import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { InterfaceLanguage } from '@motema/shared/languages';
import type { Me } from '@motema/shared/users';
import { api, isApiError } from '../../lib/api-client.ts';
import { changeLanguage } from '../../lib/i18n.ts';
import { navigate } from '../../lib/navigation.ts';
import { showOfflineNotice } from '../../lib/notices.ts';
import { endSession, knownMe, ME_QUERY_KEY, rememberedMe } from '../../lib/query-client.ts';

export const usersKeys = {
  me: ME_QUERY_KEY,
};

/**
 * The connected member, or null for a visitor (the profile fetch answered 401 or 404). A member this
 * page or device knew whose fetch answers so (the session ended, the account is gone) goes to login,
 * back to where they were once logged in again (SPEC section 8), not to the start page the guard
 * shows visitors; a visitor nobody knew here stays on the public pages.
 */
export async function fetchMe({ client }: { client?: QueryClient } = {}): Promise<Me | null> {
  try {
    return await api<Me>('/users/profile');
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 404)) {
      if (client && knownMe(client)) {
        const from =
          location.pathname === '/login'
            ? ''
            : `?from=${encodeURIComponent(location.pathname + location.search)}`;
        endSession(client, navigate, `/login${from}`);
      }
      return null;
    }
    // No network: the member stays in the app (the outbox and cached screens work offline), and the
    // connection notice says the app runs without the server (an answer of the device hides nothing).
    const remembered = isApiError(error) && error.code === 'network' ? rememberedMe() : null;
    if (remembered) {
      showOfflineNotice();
      return remembered;
    }
    throw error;
  }
}

/**
 * The profile query, shared by the guard and main.tsx (which starts it before the first render, so
 * it runs beside the code and texts instead of after them).
 */
export const meQueryOptions = queryOptions({
  queryKey: usersKeys.me,
  queryFn: fetchMe,
  staleTime: 60_000,
  // offlineFirst: without a network the fetch still runs and fails, so the guard is not left waiting.
  networkMode: 'offlineFirst',
  // The profile last seen on this device lets the guard and layouts render at once while the request
  // confirms it; a 401 answers null, and the guard then sends the visitor to the start page.
  placeholderData: () => rememberedMe() ?? undefined,
  meta: { silent: true },
});

export function useMeQuery() {
  return useQuery(meQueryOptions);
}

/** Switches the interface language; a connected member's choice is stored on the server too. */
export function useChangeLanguageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (language: InterfaceLanguage) => {
      await changeLanguage(language);
      const me = queryClient.getQueryData<Me | null>(usersKeys.me);
      return me ? api<Me>('/users', { method: 'PUT', body: { language } }) : null;
    },
    onSuccess: (me) => {
      if (me) queryClient.setQueryData(usersKeys.me, me);
    },
  });
}

/** Ends the member's session in the app (after logout, deactivation or deletion) and goes to `exitTo`. */
export function useEndSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (exitTo: string) => endSession(queryClient, (path) => void navigate(path, { replace: true }), exitTo),
    [queryClient, navigate],
  );
}
