import { z } from 'zod';

/**
 * A member's badges: unread messages (and the conversations holding them), and notifications
 * (new matches, likes and visits since the member last opened home). The same on every device.
 */
export const CountersSchema = z.object({
  messages: z.int(),
  conversations: z.int(),
  notifications: z.int(),
});
export type Counters = z.infer<typeof CountersSchema>;

/**
 * What `counters:update` carries: the badges that changed, each one whole; a badge left out is
 * unchanged (a new message or a read sends `messages` and `conversations` only, since it cannot move
 * `notifications`, and the server then counts nothing else). The app merges it into the counters it holds.
 */
export const CountersUpdateSchema = CountersSchema.partial();
export type CountersUpdate = z.infer<typeof CountersUpdateSchema>;
