import type { PushJob } from '../../notification-port.ts';

export type { PushJob };

/**
 * The push queue: subscribers of the app's events (after the commit) send one job per member told;
 * its worker decides (the member's choices, quiet hours, the hourly limit, what replaces what), writes
 * the texts in the member's language and posts to every device of theirs. The job's type is the
 * notification port's (notification-port.ts).
 */
export const PUSH_QUEUE = 'push-send';
