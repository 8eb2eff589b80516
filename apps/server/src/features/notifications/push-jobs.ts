import type { NotificationKind } from '@motema/shared/notifications';

/**
 * The push queue: subscribers of the app's events (after the commit) send one job per member told;
 * its worker decides (the member's choices, quiet hours, the hourly limit, what replaces what), writes
 * the texts in the member's language and posts to every device of theirs. `ref` is the id of what is
 * told: a conversation (its messages are grouped), the other member of a match, the rater, the
 * visitor, the post a request is for (`by`: the member asking), a comment, a payment.
 */
export const PUSH_QUEUE = 'push-send';
export type PushJob = { userId: string; kind: NotificationKind; ref: string; by?: string };
