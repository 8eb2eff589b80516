import type { ReactionEmoji } from '@motema/shared/chat';
import type { LiveEndReason } from '@motema/shared/lives';
import type { MessageShield } from '@motema/shared/scam-shield';
import type {
  CommentView,
  LiveMessageView,
  MemberCounters,
  MessageFlagged,
  MessageView,
  PostMemberView,
} from './app-event-payloads.ts';
import type { MatchRow } from './db/schema.ts';
import type { EventPort } from './lib/event-port.ts';

/**
 * Everything one feature tells the others and the realtime layer, by name. Services emit after their
 * commit, with values the transaction returned; subscribers are registered by the feature modules (modules/index.ts). Payloads carry
 * domain values and ids: a realtime emitter presents them for each member it tells. Their types are
 * the port's own (app-event-payloads.ts): it imports no feature.
 */
export type AppEvents = {
  /** Sessions ended (logout, a new password, deactivation, deletion): their sockets close. */
  'sessions.revoked': { sessionIds: string[] };
  /** Two members rated each other high enough: a new match (both are told, each with the other's card). */
  'match.made': { match: MatchRow };
  /** `raterId` rated `ratedId` (new or changed): 4 or more is a like, which the rated member may be told of. */
  'rating.given': { raterId: string; ratedId: string; score: number };
  /** `visitorId` opened `visitedId`'s profile (first time, or again later): the visited member may be told. */
  'visit.recorded': { visitorId: string; visitedId: string };
  /** `blockerId` blocked (`blocked`) or unblocked `blockedId`. */
  'block.changed': { blockerId: string; blockedId: string; blocked: boolean };
  /**
   * An account was deleted; `conversations` are the ones removed with it, by the other member;
   * `lives` those they watched, with their viewers counted without them.
   */
  'account.removed': {
    userId: string;
    conversations: { conversationId: string; userId: string }[];
    lives: { liveId: string; viewers: number }[];
  };
  /**
   * These members' unread messages or visible conversations changed (a message, a read, a hide, an
   * unsend, a block, a deletion): their badges follow. `newMessage`: a message arrived and more may
   * follow at once, so the badge may wait a moment to count them together.
   */
  'unread.changed': { userIds: string[]; newMessage?: boolean };
  /** The member opened their notifications: `counters` are their badges from now on, on every device. */
  'notifications.seen': { userId: string; counters: MemberCounters };
  /**
   * A message was stored, or a retry found it stored: it goes to both members' devices but the socket
   * that sent it (its ack carries it). `message` is the sender's view; `recipientId` the other member.
   */
  'message.stored': {
    message: MessageView;
    recipientId: string;
    senderSocketId?: string;
    /** A message the scam shield flagged: its recipient's copy carries it, the sender's never. */
    shield?: MessageShield;
  };
  /** A new message the scam shield flagged (docs/scam-shield.md): the moderation feature opens a case. */
  'chat.message.flagged': MessageFlagged;
  /** A message was edited, unsent or starred: each member in `views` is shown their own view of it. */
  'message.changed': { views: { userId: string; message: MessageView }[] };
  /**
   * A member reacted to a message, changed or took off their reaction: `userIds` (the members who see
   * the message) are shown its reactions now. Never a push.
   */
  'message.reactions': {
    conversationId: string;
    messageId: string;
    userIds: string[];
    reactions: { userId: string; emoji: ReactionEmoji }[];
  };
  /** A member deleted a message for themselves: it goes from their other devices too. */
  'message.hidden': { userId: string; conversationId: string; messageId: string };
  /** `userId`'s delivered or read watermark moved in a conversation: both members are told. */
  'receipts.changed': {
    conversationId: string;
    userId: string;
    otherId: string;
    deliveredSeq: number;
    readSeq: number;
  };
  /** `userId` started or stopped typing in a conversation (nothing stored): `otherId` is told. */
  'typing.changed': { conversationId: string; userId: string; otherId: string; typing: boolean };
  /** A conversation started, went or came back for these members (a block, a deletion): their lists follow. */
  'conversation.changed': { conversationId: string; userIds: string[] };

  // Wave 2: named now so the features built next emit them here rather than growing buses of their own.
  /** A payment reached its final state (SPEC section 8; PAYMENTS.md's state machine). */
  'payment.settled': { paymentId: string; userId: string; status: 'succeeded' | 'failed' };
  /** A post (outside zones: see `zone.posted`) or a story was published. */
  'post.published': { postId: string; authorId: string };
  /**
   * A verified member changed their main photo: their badge is on hold (cleared with the change) until a
   * moderator confirms the new photo (the verification feature queues it).
   */
  'verification.held': { userId: string };
  /** A member asked to see a private post: its author is told (posts:request). */
  'post.requested': { postId: string; authorId: string; requester: PostMemberView };
  /**
   * These members may now see a post (`allowed`: a request accepted, added to its allow list, the
   * post made public) or no longer (`none`: declined, taken off the allow list). None of them has a
   * block with its author.
   */
  'post.access.changed': { postId: string; userIds: string[]; access: 'allowed' | 'none' };
  /** A comment was added: `receiverIds` (the post's author, a replied-to comment's author, never across a block) are told. */
  'post.commented': { comment: CommentView; receiverIds: string[] };
  /** A post's media finished encoding: its status moved to `ready` or `failed`; its author is told. */
  'post.status.changed': { postId: string; authorId: string; status: 'ready' | 'failed' };
  /**
   * A post in a zone was published (ready: at once for text and photos, once encoded for a video or an
   * audio). In place of `post.published`: only the zone's readers may see it.
   */
  'zone.posted': { zoneId: string; postId: string; authorId: string };
  /** A member joined or left a zone. */
  'zone.membership.changed': { zoneId: string; userId: string; member: boolean };
  /**
   * A member asked to join a private zone (a request, or an invite link needing approval), or
   * reminded its admins of their request: the zone's admins and managers then (`moderatorIds`) are told.
   */
  'zone.requested': { zoneId: string; userId: string; moderatorIds: string[] };
  /** A member's request to join a zone was approved (a zone made public approves them all) or declined: they are told. */
  'zone.answered': { zoneId: string; userId: string; approved: boolean };
  /**
   * A moderator suspended or banned the member (their sessions end with `sessions.revoked`): what they
   * were doing in front of others stops (a live ends).
   */
  'account.suspended': { userId: string };
  /** A live's first segments are on air (docs/lives.md): its room is told, the broadcaster's matches may be pushed. */
  'live.on-air': { liveId: string; broadcasterId: string };
  /** A live ended (any reason): its encoder closes on the node holding it, its room is told. */
  'live.ended': { liveId: string; reason: LiveEndReason };
  /** How many members watch a live now. */
  'live.viewers': { liveId: string; viewers: number };
  /**
   * A live's chat message stored or released: to the room, or (`held`) only to its sender, the
   * broadcaster and the live's moderators. The same message for every member who sees it.
   */
  'live.message': { message: LiveMessageView; held: boolean };
  /** A live's message taken down (or a held one dropped). */
  'live.message.removed': { liveId: string; messageId: string };
  /** The broadcaster named or unnamed a moderator, or a viewer was muted or unmuted. */
  'live.viewer.changed': { liveId: string; userId: string; role: 'moderator' | 'viewer'; muted: boolean };
  /** A viewer was removed from a live: their sockets leave its room and may not come back. */
  'live.viewer.removed': { liveId: string; userId: string };
};

export type AppEventPort = EventPort<AppEvents>;
