import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Live,
  LiveKeep,
  LiveList,
  LiveStart,
  LiveViewerList,
  LiveViewerUpdate,
} from '@motema/shared/lives';
import { api } from '../../lib/api-client.ts';

/** Lives (issue 31, docs/lives.md): the lives on air, going live, a live's viewers and its end. */
export const liveKeys = {
  all: ['lives'] as const,
  list: () => ['lives', 'list'] as const,
  viewers: (id: string) => ['lives', 'live', id, 'viewers'] as const,
};

const livePath = (id: string) => `/lives/${encodeURIComponent(id)}`;
const viewerPath = (id: string, userId: string) => `${livePath(id)}/viewers/${encodeURIComponent(userId)}`;
const messagePath = (id: string, messageId: string) =>
  `${livePath(id)}/messages/${encodeURIComponent(messageId)}`;

/** The lives on air the member may watch: matches' first, then near, then popular. */
export const useLivesQuery = (enabled = true) =>
  useQuery({
    queryKey: liveKeys.list(),
    queryFn: ({ signal }) => api<LiveList>('/lives', { signal }),
    enabled,
  });

/** Goes live; the form says its own refusals (an account too new, a live already on). */
export function useStartLiveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (start: LiveStart) => api<Live>('/lives', { method: 'POST', body: start }),
    meta: { form: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: liveKeys.list() }),
  });
}

export function useEndLiveMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<Live>(`${livePath(id)}/end`, { method: 'POST' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: liveKeys.list() }),
  });
}

/** After it ended: keeps the recording as a post (through the posts' pipeline and rules). */
export const useKeepLiveMutation = (id: string) =>
  useMutation({
    mutationFn: (keep: LiveKeep) => api<unknown>(`${livePath(id)}/keep`, { method: 'POST', body: keep }),
  });

/** Who watches (the broadcaster and the live's moderators only), asked again when the count moves. */
export const useLiveViewersQuery = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: liveKeys.viewers(id),
    queryFn: ({ signal }) => api<LiveViewerList>(`${livePath(id)}/viewers`, { signal }),
    enabled,
  });

/** Names a moderator (or no longer), mutes or unmutes a viewer; or (`remove`) sends them out. */
export function useViewerActionMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, update }: { userId: string; update: LiveViewerUpdate | 'remove' }) =>
      update === 'remove'
        ? api<void>(viewerPath(id, userId), { method: 'DELETE' })
        : api<unknown>(viewerPath(id, userId), { method: 'PATCH', body: update }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: liveKeys.viewers(id) }),
  });
}

/** A held chat message, released to everyone or dropped (the broadcaster or a live moderator). */
export const useHeldMessageMutation = (id: string) =>
  useMutation({
    mutationFn: ({ messageId, release }: { messageId: string; release: boolean }) =>
      release
        ? api<unknown>(`${messagePath(id, messageId)}/release`, { method: 'POST' })
        : api<void>(messagePath(id, messageId), { method: 'DELETE' }),
  });
