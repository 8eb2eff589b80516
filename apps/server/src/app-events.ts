import type { MatchRow } from './db/schema.ts';
import type { MemberCounters } from './features/notifications/counters.service.ts';
import type { EventPort } from './lib/event-port.ts';

/**
 * Everything one feature tells the others and the realtime layer, by name. Services emit after their
 * commit, with values the transaction returned; subscribers are registered in app.ts. Payloads carry
 * domain values and ids: a realtime emitter presents them for each member it tells.
 */
export type AppEvents = {
  /** Sessions ended (logout, a new password, deactivation, deletion): their sockets close. */
  'sessions.revoked': { sessionIds: string[] };
  /** Two members rated each other high enough: a new match (both are told, each with the other's card). */
  'match.made': { match: MatchRow };
  /** `blockerId` blocked (`blocked`) or unblocked `blockedId`. */
  'block.changed': { blockerId: string; blockedId: string; blocked: boolean };
  /** An account was deleted; `conversations` are the ones removed with it, by the other member. */
  'account.removed': { userId: string; conversations: { conversationId: string; userId: string }[] };
  /**
   * These members' unread messages or visible conversations changed (a message, a read, a hide, an
   * unsend, a block, a deletion): their badges follow. `newMessage`: a message arrived and more may
   * follow at once, so the badge may wait a moment to count them together.
   */
  'unread.changed': { userIds: string[]; newMessage?: boolean };
  /** The member opened their notifications: `counters` are their badges from now on, on every device. */
  'notifications.seen': { userId: string; counters: MemberCounters };

  // Wave 2: named now so the features built next emit them here rather than growing buses of their own.
  /** A payment reached its final state (SPEC section 8; PAYMENTS.md's state machine). */
  'payment.settled': { paymentId: string; userId: string; status: 'succeeded' | 'failed' };
  /** A post or a story was published. */
  'post.published': { postId: string; authorId: string };
  /** A member joined or left a zone. */
  'zone.membership.changed': { zoneId: string; userId: string; member: boolean };
};

export type AppEventPort = EventPort<AppEvents>;
