import type { BlockedUser, BlockList } from '@motema/shared/safety';

/** Test helper: a member on the block list. */
export function buildBlockedUser(change: Partial<BlockedUser> = {}): BlockedUser {
  return {
    _id: '3b0f6c52-8f0e-4d3c-9a43-0c1c7d0e2a11',
    username: 'kofi',
    name: 'Kofi',
    avatar: null,
    blockedAt: '2026-03-14T10:00:00.000Z',
    ...change,
  };
}

export const blockListOf = (users: BlockedUser[], count = users.length): BlockList => ({ users, count });
