import { z } from 'zod';
import { CountersSchema } from './counters.ts';
import { AvatarSchema } from './media.ts';

/**
 * Notifications (SPEC.md sections 1, 3, 4, 7, 8): web push, what a member is notified of, their
 * choices, and the lists the counters carry. The server writes every text a push shows, in the
 * member's language; the service worker only shows it.
 */

/** The kinds the notification list shows (messages have their own list: the conversations). */
export const NOTIFICATION_ENTRY_KINDS = [
  'match',
  'like',
  'visit',
  'request',
  'comment',
  'payment',
  'zoneRequest',
  'zoneAnswer',
  'zonePost',
  'live',
] as const;
export type NotificationEntryKind = (typeof NOTIFICATION_ENTRY_KINDS)[number];

/**
 * What a member may be notified of. `like` is a rating of 4 or more received; `request` a member asking
 * to see a private post; `comment` a comment on a post of theirs (or a reply to theirs); `payment` one of
 * their payments settled; `zoneRequest` a member asking to join (or reminding of their request to join)
 * a zone they run; `zoneAnswer` their own request to join a zone approved or declined; `zonePost` a new
 * post in a zone they are in; `live` a member they match went live (a push only: the lives on air are
 * on /lives, and a live is over before a list would be read).
 */
export const NOTIFICATION_KINDS = ['message', ...NOTIFICATION_ENTRY_KINDS] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Kinds a new member gets by push until they choose: a rating or a visit only if they ask for it. A
 * zone's posts are on: a member joins a zone to follow it, and its posts replace each other on the
 * lock screen. A match going live is on: it is worth knowing now or never.
 */
export const NOTIFICATION_KINDS_ON_BY_DEFAULT: readonly NotificationKind[] = [
  'message',
  'match',
  'request',
  'comment',
  'payment',
  'zoneRequest',
  'zoneAnswer',
  'zonePost',
  'live',
];

/** Quiet hours and the digest's hour are minutes after midnight in the member's time zone. */
const MinuteOfDaySchema = z
  .int({ error: 'invalid_value' })
  .min(0, 'invalid_value')
  .max(1439, 'invalid_value');

/** An IANA time zone name as the browser gives it (`Intl.DateTimeFormat().resolvedOptions().timeZone`). */
export const TimeZoneSchema = z
  .string({ error: 'invalid_value' })
  // abort: an empty or overlong name is one issue, not a second one from the check below.
  .min(1, { error: 'invalid_value', abort: true })
  .max(64, { error: 'invalid_value', abort: true })
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'invalid_value');

/**
 * A member's notification choices (`GET`/`PUT /api/notifications/settings`):
 * - `push`: the kinds sent by push (to every device that allowed it);
 * - `discreet`: pushes say only that something new is there, never a name or a message's text;
 * - `quietHours`: no push between `start` and `end` (may span midnight), in `timeZone`; null: none;
 * - `emailDigest`: unread messages by e-mail, at most one digest a day, only while no device of the
 *   member receives push (one-click unsubscribe in each mail).
 */
export const NotificationSettingsSchema = z.object({
  push: z.array(z.enum(NOTIFICATION_KINDS, { error: 'invalid_value' })).max(NOTIFICATION_KINDS.length),
  discreet: z.boolean({ error: 'invalid_value' }),
  quietHours: z
    .object({ start: MinuteOfDaySchema, end: MinuteOfDaySchema })
    .refine(({ start, end }) => start !== end, 'quiet_hours_empty')
    .nullable(),
  timeZone: TimeZoneSchema,
  emailDigest: z.boolean({ error: 'invalid_value' }),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;
/** A change of some choices; what is left out stays as it was. */
export const NotificationSettingsUpdateSchema = NotificationSettingsSchema.partial();
export type NotificationSettingsUpdate = z.infer<typeof NotificationSettingsUpdateSchema>;

/**
 * `POST /api/push-tokens`: one device's address at a push service. `web` is the browser's
 * `PushSubscription.toJSON()` (its endpoint must be a known push service's, never any URL: the server
 * posts to it); `android` and `ios` are native apps' tokens, kept for them.
 */
export const WebPushSubscriptionSchema = z.object({
  endpoint: z.url({ error: 'push_endpoint_invalid' }).max(1024, 'push_endpoint_invalid'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'push_keys_invalid'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, 'push_keys_invalid'),
  }),
});
export type WebPushSubscription = z.infer<typeof WebPushSubscriptionSchema>;
export const NativePushTokenSchema = z.string().min(1, 'push_token_invalid').max(4096, 'push_token_invalid');
export const PushTokenInputSchema = z.union([
  z.object({ web: WebPushSubscriptionSchema }).strict(),
  z.object({ android: NativePushTokenSchema }).strict(),
  z.object({ ios: NativePushTokenSchema }).strict(),
]);
export type PushTokenInput = z.infer<typeof PushTokenInputSchema>;
/** `GET /api/push-tokens/vapidKeys`: the server's VAPID public key (base64url, uncompressed P-256 point). */
export const VapidKeysSchema = z.object({ publicKey: z.string() });
export type VapidKeys = z.infer<typeof VapidKeysSchema>;

/**
 * What a push carries (encrypted, RFC 8291) and the service worker shows: texts written by the server
 * in the member's language, discreet ones when the member chose so. `tag` groups what replaces itself
 * on the lock screen (a conversation's messages); `url` is the page a tap opens (a path of the app).
 */
export const PushPayloadSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string().max(120),
  body: z.string().max(240),
  tag: z.string().max(64),
  url: z.string().startsWith('/').max(256),
  /** How many things the notification stands for (3 new messages in a conversation). */
  count: z.int().min(1),
  /** When what it tells happened (ms since the epoch). */
  at: z.int(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

/** Who a notification entry is about: never the last name (Z2). */
export const NotifierSchema = z.object({
  _id: z.string(),
  name: z.string(),
  avatar: AvatarSchema.nullable(),
});
export type Notifier = z.infer<typeof NotifierSchema>;

/**
 * The zone a notification entry is about: its title (member text), and for a `zoneAnswer` whether the
 * member's request was approved or declined (null for the other kinds).
 */
export const NotificationZoneSchema = z.object({
  _id: z.string(),
  title: z.string(),
  answer: z.enum(['approved', 'declined']).nullable(),
});
export type NotificationZone = z.infer<typeof NotificationZoneSchema>;

/**
 * One entry of the notification list: `_id` is stable (`{kind}:{id of what it tells}`), `read` is
 * false until the member opened their notifications after it came. `user`: who did it (not for a
 * payment nor a zone's answer); `postId` for a request, a comment or a zone's post; `payment` for a
 * payment; `zone` for the zones' kinds.
 */
export const NotificationEntrySchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_ENTRY_KINDS),
  user: NotifierSchema.nullable(),
  postId: z.string().nullable(),
  payment: z.object({ _id: z.string(), status: z.enum(['SUCCESS', 'FAILED']) }).nullable(),
  zone: NotificationZoneSchema.nullable(),
  createdAt: z.iso.datetime(),
  read: z.boolean(),
});
export type NotificationEntry = z.infer<typeof NotificationEntrySchema>;
/**
 * `GET /api/notifications?before=`: newest first, pages of NOTIFICATIONS_PAGE_SIZE; `next` is the
 * following page's `before` (to the microsecond), null at the end.
 */
export const NOTIFICATIONS_PAGE_SIZE = 30;
export const NotificationListQuerySchema = z.object({
  before: z.iso.datetime({ error: 'invalid_value' }).optional(),
});
export const NotificationListSchema = z.object({
  notifications: z.array(NotificationEntrySchema),
  next: z.string().nullable(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

/** One conversation with unread messages, as the counters list it (the sender and how many). */
export const MessageEntrySchema = z.object({
  conversationId: z.string(),
  user: NotifierSchema,
  unread: z.int(),
  lastAt: z.iso.datetime(),
});
export type MessageEntry = z.infer<typeof MessageEntrySchema>;
/** How many entries of each list the counters carry (the newest); the counts count them all. */
export const COUNTER_ENTRIES_MAX = 20;
/** The counters' lists (SPEC section 3): the unread notifications and the conversations with unread messages. */
export const CounterEntriesSchema = z.object({
  notifications: z.array(NotificationEntrySchema).max(COUNTER_ENTRIES_MAX),
  messages: z.array(MessageEntrySchema).max(COUNTER_ENTRIES_MAX),
});
export type CounterEntries = z.infer<typeof CounterEntriesSchema>;
/**
 * `GET /api/counters`: the badges and the lists behind them. `counters:update` and
 * `PUT /api/counters/notifications` keep the badges alone (a message's badge counts nothing more: B3).
 */
export const CountersWithEntriesSchema = CountersSchema.extend({ entries: CounterEntriesSchema });
export type CountersWithEntries = z.infer<typeof CountersWithEntriesSchema>;

/** Pushes a member gets at most in an hour (a conversation's messages count once: they replace each other). */
export const PUSH_MAX_PER_HOUR = 6;
