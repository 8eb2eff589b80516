import type { NotificationKind } from '@motema/shared/notifications';

/**
 * The push queue: subscribers of the app's events (after the commit) send one job per member told;
 * its worker decides (the member's choices, quiet hours, the hourly limit, what replaces what), writes
 * the texts in the member's language and posts to every device of theirs. `ref` is the id of what is
 * told: a conversation (its messages are grouped), a match, the rater, the visitor, a post request, a
 * comment, a payment.
 */
export const PUSH_QUEUE = 'push-send';
export type PushJob = { userId: string; kind: NotificationKind; ref: string };
