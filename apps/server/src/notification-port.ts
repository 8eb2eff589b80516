import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { InterfaceLanguage } from '@motema/shared/languages';
import type { NotificationEntryKind, NotificationKind } from '@motema/shared/notifications';
import type { AppEventPort } from './app-events.ts';
import type { Db } from './db/client.ts';

/**
 * The notifications feature's source port (decision 0037): what a kind of notification is, told by
 * the feature that owns what it is about. Discovery, posts and billing fill it from their own folders
 * (`*-notifications.service.ts`) and list them in their module's `notifications`, and the notifications
 * feature composes the list it is given: its list and badges, its push subjects and triggers. It
 * never reads the owners' tables. A file of its own, outside every feature, so that an owner
 * importing these types imports no feature.
 */

/**
 * One branch of the list's UNION ALL, as SQL over the owner's tables (read, never written): `from` is
 * the FROM ... WHERE of its rows for the member, `at` when each happened, `ref` what makes it unique
 * (the entry's `_id` after its kind); `byMember`: the one who did it is `users` of `from` (all but a
 * payment and a zone's answer), a member the member's lists show (discovery's `listedFor`). `zone`:
 * the zone it is about (the zones' kinds; none for the others), with a request's answer.
 */
export type NotificationSource = {
  from: SQL;
  at: SQL | AnyPgColumn;
  ref: SQL;
  byMember: boolean;
  postId: SQL | AnyPgColumn;
  paymentId: SQL | AnyPgColumn;
  paymentStatus: SQL | AnyPgColumn;
  zone?: { id: SQL | AnyPgColumn; title: SQL | AnyPgColumn; answer: SQL };
};

/**
 * A push job: one member told of one thing. `ref` is the id of what is told: a conversation (its
 * messages are grouped), the other member of a match, the rater, the visitor, the post a request is
 * for (`by`: the member asking), a comment, a payment, a zone (its requests, `by` the member asking,
 * or the member's answer), a zone's post (`{zoneId}:{postId}`, `by` its author).
 */
export type PushJob = { userId: string; kind: NotificationKind; ref: string; by?: string };

/**
 * What a push tells, before it is put in words: who did it (their public name, never the last name:
 * Z2), for a message or a comment its text, and the zone's title for the zones' kinds. A contributed
 * kind's `variant` picks its words (`default` when none: a payment succeeded or failed).
 */
export type PushSubject =
  | { kind: 'message'; name: string; text: string | null; count: number }
  | { kind: NotificationEntryKind; name?: string; text?: string; zone?: string; variant?: string };

/**
 * A contributed kind's push words in one language: `discreet` says what kind of thing is new, never
 * who or what (the lock screen may be seen by anyone); `told` the title and body by the subject's
 * variant, where `{name}` is who did it, `{text}` what they wrote and `{zone}` the zone's title.
 * French puts a no-break space before ! ? : ;.
 */
export type PushWords = { discreet: string; told: Record<string, { title: string; body: string }> };

/**
 * What a push job tells, read when it runs (not when it was sent): `tag` is what it replaces on the
 * lock screen and what the hourly limit counts, `url` the page a tap opens, `count` how many things
 * it stands for, `topic` what it replaces at the push service while undelivered.
 */
export type Told = {
  subject: PushSubject;
  url: string;
  tag: string;
  count: number;
  at: Date;
  topic?: string;
};

/** What the notifications feature lends a contribution's push subject. */
export type TellHelpers = {
  /** The member who did it by their public name (Z2); null when gone, inactive, or blocked either way. */
  actorName: (userId: string, actorId: string) => Promise<string | null>;
  /** The read, or null when it fails with a 404 or a 401 (what the push was about is gone or hidden). */
  unlessGone: <T>(read: Promise<T>) => Promise<T | null>;
};

/** One kind of notification, as its owner tells it. */
export type NotificationContribution = {
  kind: NotificationEntryKind;
  /**
   * The list's rows of this kind for `member` (their id, or a column holding it: the counts of many
   * members correlate on it); the badge counts exactly what the list shows.
   */
  sources: (member: string | AnyPgColumn) => NotificationSource[];
  /** Its push goes at once to a sleeping device (web push's `high` urgency), as a message's does. */
  urgent?: boolean;
  /** Its push's words in each language of the interface. */
  words: Record<InterfaceLanguage, PushWords>;
  /** What a push job of this kind tells now, or null when nothing is left to tell. */
  tell: (db: Db, job: PushJob, now: Date, helpers: TellHelpers) => Promise<Told | null>;
  /**
   * Subscribes to the events that make pushes of this kind: `push` sends a job, or several (one read
   * of which members have a device, whatever their number), to each member with a device to push to
   * (after the commit; sent again later while the database is away). `db` reads who is told when the
   * event does not say (a zone's members).
   */
  trigger: (
    events: AppEventPort,
    push: (jobs: PushJob | readonly PushJob[]) => Promise<void>,
    db: Db,
  ) => void;
};
