import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Zone,
  ZoneCreate,
  ZoneInviteListSchema,
  ZoneInvitePreview,
  ZoneInviteSchema,
  ZoneBanList,
  ZoneList,
  ZoneMemberDetail,
  ZoneMemberList,
  ZoneMembershipSchema,
  ZoneUpdate,
} from '@motema/shared/zones';
import { api, isApiError } from '../../lib/api-client.ts';

/** Zones (issue 28): their lists, one zone, the caller's membership, members, requests and invite links. */
export type ZoneMembership = z.infer<typeof ZoneMembershipSchema>;
export type ZoneInvite = z.infer<typeof ZoneInviteSchema>;
export type ZoneInviteList = z.infer<typeof ZoneInviteListSchema>;
export type ZoneMemberQuery = { role?: 'waiting'; q?: string; limit?: number };

export const zoneKeys = {
  all: ['zones'] as const,
  mine: () => ['zones', 'mine'] as const,
  suggestions: (near = false) => ['zones', 'suggestions', { near }] as const,
  search: (q: string) => ['zones', 'search', q] as const,
  zone: (id: string) => ['zones', 'zone', id] as const,
  membership: (id: string) => ['zones', 'zone', id, 'membership'] as const,
  members: (id: string, query: ZoneMemberQuery = {}) => ['zones', 'zone', id, 'members', query] as const,
  member: (id: string, user: string) => ['zones', 'zone', id, 'member', user] as const,
  invites: (id: string) => ['zones', 'zone', id, 'invites'] as const,
  bans: (id: string) => ['zones', 'zone', id, 'bans'] as const,
  invitePreview: (token: string) => ['zones', 'invite', token] as const,
};

const zonePath = (id: string) => `/zones/${encodeURIComponent(id)}`;
const memberPath = (id: string, user: string) => `${zonePath(id)}/members/${encodeURIComponent(user)}`;

export const useMyZonesQuery = () =>
  useQuery({ queryKey: zoneKeys.mine(), queryFn: ({ signal }) => api<ZoneList>('/zones/mine', { signal }) });

/** Suggested zones: popular ones of the member's language, or (`near`) those near their position. */
export const useSuggestedZonesQuery = (near = false, enabled = true) =>
  useQuery({
    queryKey: zoneKeys.suggestions(near),
    queryFn: ({ signal }) =>
      api<ZoneList>('/zones/suggestions', { query: { near: near || undefined }, signal }),
    enabled,
  });

export const useZoneSearchQuery = (q: string) =>
  useQuery({
    queryKey: zoneKeys.search(q),
    queryFn: ({ signal }) => api<ZoneList>('/zones/search', { query: { q }, signal }),
    enabled: q.trim().length > 0,
  });

/** One zone; the screens say its failures themselves (zone-screen.tsx's `Loaded`), without a notice. */
export const useZoneQuery = (id: string) =>
  useQuery({
    queryKey: zoneKeys.zone(id),
    queryFn: ({ signal }) => api<Zone>(zonePath(id), { signal }),
    meta: { silent: true },
  });

/** The caller's own membership (a declined request's reason, the last reminder); members only. */
export const useMembershipQuery = (id: string, enabled = true) =>
  useQuery({
    queryKey: zoneKeys.membership(id),
    queryFn: ({ signal }) => api<ZoneMembership>(`${zonePath(id)}/membership`, { signal }),
    enabled,
  });

export const useZoneMembersQuery = (id: string, query: ZoneMemberQuery = {}, enabled = true) =>
  useQuery({
    queryKey: zoneKeys.members(id, query),
    queryFn: ({ signal }) =>
      api<ZoneMemberList>(`${zonePath(id)}/members`, {
        query: { ...query, q: query.q || undefined },
        signal,
      }),
    enabled,
  });

/** The zone's banned members (its admins and managers only), newest ban first. */
export const useZoneBansQuery = (id: string) =>
  useQuery({
    queryKey: zoneKeys.bans(id),
    queryFn: ({ signal }) => api<ZoneBanList>(`${zonePath(id)}/bans`, { query: { limit: 100 }, signal }),
  });

/** One member seen through the zone, or null for someone not in it (or hidden by a block). */
export const useZoneMemberQuery = (id: string, user: string) =>
  useQuery({
    queryKey: zoneKeys.member(id, user),
    queryFn: ({ signal }) =>
      api<ZoneMemberDetail>(memberPath(id, user), { signal }).catch((error: unknown) => {
        if (isApiError(error) && error.status === 404 && error.code === 'user_not_found') return null;
        throw error;
      }),
  });

export const useZoneInvitesQuery = (id: string) =>
  useQuery({
    queryKey: zoneKeys.invites(id),
    queryFn: ({ signal }) => api<ZoneInviteList>(`${zonePath(id)}/invites`, { signal }),
  });

/**
 * After a change everything the zone shows is asked again (its page, the caller's membership, its
 * members), and the lists it appears in; `zoneKept`: the zone's page itself is the server's answer.
 */
function refresh(queryClient: QueryClient, id: string, zoneKept = false) {
  const zoneKey = zoneKeys.zone(id);
  void queryClient.invalidateQueries({
    queryKey: zoneKey,
    predicate: (query) => !zoneKept || query.queryKey.length > zoneKey.length,
  });
  void queryClient.invalidateQueries({ queryKey: zoneKeys.mine() });
}

/** Keeps the server's answer for the zone (its role and count changed) and asks the rest again. */
function keepZone(queryClient: QueryClient, zone: Zone) {
  queryClient.setQueryData(zoneKeys.zone(zone._id), zone);
  refresh(queryClient, zone._id, true);
}

export function useCreateZoneMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (zone: ZoneCreate) => api<Zone>('/zones', { method: 'POST', body: zone }),
    meta: { form: true },
    onSuccess: (zone) => keepZone(queryClient, zone),
  });
}

export function useUpdateZoneMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ZoneUpdate) => api<Zone>(zonePath(id), { method: 'PATCH', body: change }),
    meta: { form: true },
    onSuccess: (zone) => keepZone(queryClient, zone),
  });
}

export function useDeleteZoneMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(zonePath(id), { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: zoneKeys.zone(id) });
      void queryClient.invalidateQueries({ queryKey: zoneKeys.mine() });
    },
  });
}

/** Joins a public zone, or requests a private one with the answers to its questions. */
export function useEnterZoneMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: string[] | null) =>
      answers === null
        ? api<Zone>(`${zonePath(id)}/join`, { method: 'POST' })
        : api<Zone>(`${zonePath(id)}/requests`, { method: 'POST', body: { answers } }),
    onSuccess: (zone) => keepZone(queryClient, zone),
  });
}

/** The caller's own actions on their place in the zone: leave, cancel a request, remind the admins. */
export function useOwnMembershipMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'leave' | 'cancel' | 'remind') =>
      action === 'leave'
        ? api<void>(`${zonePath(id)}/membership`, { method: 'DELETE' })
        : action === 'cancel'
          ? api<void>(`${zonePath(id)}/requests/mine`, { method: 'DELETE' })
          : api<void>(`${zonePath(id)}/requests/mine/reminder`, { method: 'POST' }),
    onSettled: () => refresh(queryClient, id),
  });
}

/** What an admin or manager does to one member or request. */
export type MemberAction =
  | { kind: 'approve' }
  | { kind: 'decline'; reason: string }
  | { kind: 'role'; role: 'admin' | 'manager' | 'member' }
  | { kind: 'remove' }
  | { kind: 'ban' }
  | { kind: 'unban' };

function memberRequest(id: string, user: string, action: MemberAction): Promise<void> {
  const request = `${zonePath(id)}/requests/${encodeURIComponent(user)}`;
  const ban = `${zonePath(id)}/bans/${encodeURIComponent(user)}`;
  switch (action.kind) {
    case 'approve':
      return api<void>(`${request}/approve`, { method: 'POST' });
    case 'decline':
      return api<void>(`${request}/decline`, { method: 'POST', body: { reason: action.reason } });
    case 'role':
      return api<void>(`${memberPath(id, user)}/role`, { method: 'PUT', body: { role: action.role } });
    case 'remove':
      return api<void>(memberPath(id, user), { method: 'DELETE' });
    case 'ban':
      return api<void>(ban, { method: 'PUT' });
    case 'unban':
      return api<void>(ban, { method: 'DELETE' });
  }
}

export function useMemberActionMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, action }: { user: string; action: MemberAction }) => memberRequest(id, user, action),
    // The zone's page (its count), its members and the one member's screen.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: zoneKeys.zone(id) }),
  });
}

export function useCreateInviteMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invite: { days: number; maxUses: number | null; needsApproval: boolean }) =>
      api<ZoneInvite>(`${zonePath(id)}/invites`, { method: 'POST', body: invite }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: zoneKeys.invites(id) }),
  });
}

export function useRevokeInviteMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invite: string) =>
      api<void>(`${zonePath(id)}/invites/${encodeURIComponent(invite)}`, { method: 'DELETE' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: zoneKeys.invites(id) }),
  });
}

/**
 * What an invite link invites to (nothing joined); the screen says a link that no longer works
 * itself, without a notice, and asks it again after a join.
 */
export const useInvitePreviewQuery = (token: string) =>
  useQuery({
    queryKey: zoneKeys.invitePreview(token),
    queryFn: ({ signal }) =>
      api<ZoneInvitePreview>(`/zones/by-invite/${encodeURIComponent(token)}`, { signal }),
    meta: { silent: true },
  });

/** Joins through the link once the member chose to (the preview's Join). */
export function useJoinByInviteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api<Zone>('/zones/by-invite', { method: 'POST', body: { token } }),
    meta: { form: true },
    onSuccess: (zone) => {
      keepZone(queryClient, zone);
      void queryClient.invalidateQueries({ queryKey: ['zones', 'invite'] });
    },
  });
}

/** The address an invite link opens. */
export const inviteLink = (token: string) =>
  `${window.location.origin}/zones?invite=${encodeURIComponent(token)}`;
