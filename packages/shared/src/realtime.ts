/** Socket.IO event maps shared by the server and the web app. */
import type { Message, Presence, ReactionsEvent, ReceiptEvent } from './chat.ts';
import type { CountersUpdate } from './counters.ts';
import type { ClientLogs, DeviceUpdate } from './devices.ts';
import type { MatchEvent } from './discovery.ts';
import type {
  Live,
  LiveEndedEvent,
  LiveMessage,
  LiveMessageRemovedEvent,
  LiveOnAirEvent,
  LiveReactionEvent,
  LiveRemovedEvent,
  LiveViewersEvent,
  LiveYouEvent,
} from './lives.ts';
import type { PostAccessEvent, PostCommentEvent, PostReadyEvent, PostRequestEvent } from './posts.ts';
export type Coordinates = {
  accuracy: number;
  altitude: number | null;
  altitudeAccuracy: number | null;
  heading: number | null;
  latitude: number;
  longitude: number;
  speed: number | null;
};

export type ServerToClientEvents = {
  connected: (payload: { userId: string }) => void;
  'session:revoked': () => void;
  'app:error': (payload: {
    action: string;
    payment?: unknown;
    profile?: string;
    error?: string;
    plan?: string;
  }) => void;
  /** To each of two members who just rated each other 4 or more; `{userId}` is the receiver's id. */
  [matched: `matched:${string}`]: (payload: MatchEvent) => void;
  /** To the install `{id}` (its handshake's `auth.device`): a newer build exists (devices.ts). */
  [device: `device:${string}`]: (payload: DeviceUpdate) => void;
  /** A new message, after its commit, to every socket of both members (the sender's other devices too). */
  'chats:messages:new': (message: Message) => void;
  /** A message changed (edited, unsent, starred on another device): replace it by `_id`. */
  'chats:messages:update': (message: Message) => void;
  /** The member deleted a message for themselves on another device. */
  'chats:messages:hidden': (payload: { conversationId: string; messageId: string }) => void;
  /** A member reacted to a message, changed or took off their reaction: its reactions now, to both members. */
  'chats:messages:reactions': (payload: ReactionsEvent) => void;
  /** A member's delivered/read watermarks moved; to both members. */
  'chats:receipts': (payload: ReceiptEvent) => void;
  /** The other member started or stopped typing (a `true` lapses after TYPING_TIMEOUT_MS). */
  'chats:typing': (payload: { conversationId: string; userId: string; typing: boolean }) => void;
  /** A conversation appeared or went away (a new chat, a block): refetch the list. */
  'chats:conversations:changed': (payload: { conversationId: string }) => void;
  /** The member's badges that changed (the others are unchanged), after anything that changes them, on every device. */
  'counters:update': (counters: CountersUpdate) => void;
  /** A watched member connected or left (see `users:presence:watch`). */
  'users:presence': (presence: Presence) => void;
  /** One of the member's payments changed (settled, failed, expired, refunded): refetch it by `_id`. */
  'billing:payment': (payload: { _id: string }) => void;
  /** To a post's author: a member asked to see their private post. */
  'posts:request': (payload: PostRequestEvent) => void;
  /** To a requester: the author allowed them (`allowed`) or declined or withdrew it (`none`). */
  'posts:access': (payload: PostAccessEvent) => void;
  /** To a post's author (and a replied-to comment's author): a new comment they may see. */
  'posts:comment': (payload: PostCommentEvent) => void;
  /** To a post's author: its media finished encoding (`ready`) or were refused (`failed`). */
  'posts:ready': (payload: PostReadyEvent) => void;
  /** To a live's room (`live:{id}`): its first segments are on air; start playing `playlist`. */
  'lives:on-air': (payload: LiveOnAirEvent) => void;
  /** To a live's room: how many members watch it now. */
  'lives:viewers': (payload: LiveViewersEvent) => void;
  /** To a live's room: a chat message shown; a held one only to its sender, the broadcaster and the live's moderators. */
  'lives:message': (message: LiveMessage) => void;
  /** To a live's room: a message taken down (or a held one dropped). */
  'lives:message:removed': (payload: LiveMessageRemovedEvent) => void;
  /** To a live's room: a viewer's reaction (their name is not sent). */
  'lives:reaction': (payload: LiveReactionEvent) => void;
  /** To a live's room: it ended (the broadcaster, a moderator, or its encoder or network was lost). */
  'lives:ended': (payload: LiveEndedEvent) => void;
  /** To one viewer: they were removed from the live. */
  'lives:removed': (payload: LiveRemovedEvent) => void;
  /** To one viewer: the broadcaster named or unnamed them moderator, or they were muted or unmuted. */
  'lives:you': (payload: LiveYouEvent) => void;
};

/**
 * A refused client event: an error code, and for `rate_limited` the seconds to wait before trying
 * again (as HTTP's Retry-After); for `payment_required` the paywall's reason (the socket also hears
 * `app:error` PaymentRequired).
 */
export type EventFailure = { ok: false; code: string; retryAfter?: number; reason?: string };
/** The answer to a client event that asks for one: done, or refused with an error code. */
export type EventAck = { ok: true } | EventFailure;
/** The answer to a client event that returns something. */
export type EventResult<T> = ({ ok: true } & T) | EventFailure;

export type ClientToServerEvents = {
  /** The app's logs and errors (ClientLogsSchema, capped and rate limited), recorded in the server log. */
  events: (payload: ClientLogs) => void;
  /** Stored snapped to about 1 km, at most once a minute (the ack says `ok: false, code: 'rate_limited'` otherwise). */
  'users:users:update:coordinates': (payload: Coordinates, ack?: (result: EventAck) => void) => void;
  /**
   * Stores the message once per (sender, clientId) and acks after the commit with the stored message
   * (its `_id` and `seq`); a retry of a stored message gets the same ack (QUALITY C1).
   */
  'chats:messages:send': (payload: unknown, ack: (result: EventResult<{ message: Message }>) => void) => void;
  /** The recipient's app got every message up to `seq` (ReceiptSchema). */
  'chats:messages:deliver': (payload: unknown, ack?: (result: EventAck) => void) => void;
  /** The member read every message up to `seq` (ReceiptSchema). */
  'chats:messages:read': (payload: unknown, ack?: (result: EventAck) => void) => void;
  /** TypingSchema; no answer. */
  'chats:typing': (payload: unknown) => void;
  /** Follow a member's presence (only someone the member has a conversation with); answers the current state. */
  'users:presence:watch': (
    payload: unknown,
    ack: (result: EventResult<{ presence: Presence }>) => void,
  ) => void;
  'users:presence:unwatch': (payload: unknown) => void;
  /** Watch a live (or, for its broadcaster, open its room): the live and its chat's last messages. */
  'lives:join': (
    payload: unknown,
    ack: (result: EventResult<{ live: Live; messages: LiveMessage[] }>) => void,
  ) => void;
  'lives:leave': (payload: unknown) => void;
  /** The broadcaster's next chunk of recording (LiveChunk); acked once handed to the encoder. */
  'lives:chunk': (payload: unknown, ack: (result: EventAck) => void) => void;
  /** LiveMessageSendSchema: acked with the stored message (held or shown). */
  'lives:message': (payload: unknown, ack: (result: EventResult<{ message: LiveMessage }>) => void) => void;
  /** LiveReactionSendSchema; rate limited. */
  'lives:reaction': (payload: unknown, ack?: (result: EventAck) => void) => void;
};
