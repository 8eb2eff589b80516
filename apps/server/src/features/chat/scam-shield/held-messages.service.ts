import type { HeldDecision, HeldMessagesQuery } from '@motema/shared/held-messages';
import type { ScamFamily } from '@motema/shared/scam-shield';
import type { AppEventPort } from '../../../app-events.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { announceStored, storeChecked } from '../send/chat-send.service.ts';
import * as shieldRepo from './shield.repository.ts';

type HeldDeps = { db: Db; events: AppEventPort };

export const listHeld = (db: Db, staffId: string, query: HeldMessagesQuery) =>
  shieldRepo.listHeldMessages(db, staffId, query.skip, query.limit);

const heldNotFound = () => new AppError(404, 'held_message_not_found');

/**
 * Staff decide a held message (docs/scam-shield.md). `release` sends it as its sender sent it, under
 * its own client id (a second release, or a retry of the sender's app, finds it stored), with the
 * shield's families for its recipient's banner, past the sender's message limit (it was counted when
 * held); a block made since, or the conversation gone, stores nothing and the held message goes. `drop`
 * deletes it: its sender is not told, as with a message a recipient never reads. A staff member never
 * decides a message they sent or were sent (403 case_about_yourself), nor sees it in the queue.
 */
export async function decideHeld(
  deps: HeldDeps,
  staffId: string,
  heldId: string,
  decision: HeldDecision['decision'],
) {
  const held = await shieldRepo.findHeldMessage(deps.db, heldId);
  if (!held) throw heldNotFound();
  // A message they sent or were sent is another staff member's to decide (as a case about them is).
  if (held.senderId === staffId || held.recipientId === staffId)
    throw new AppError(403, 'case_about_yourself');
  if (decision === 'release') {
    const input = {
      clientId: held.clientId,
      conversationId: held.conversationId,
      ...(held.text !== null && { text: held.text }),
      ...(held.fileIds.length > 0 && { files: held.fileIds }),
      ...(held.replyToId !== null && { replyTo: held.replyToId }),
    };
    const families = held.families as ScamFamily[];
    try {
      const counted = () => Promise.resolve();
      const stored = await storeChecked(deps.db, held.senderId, input, counted, undefined, families);
      await announceStored(deps, held.senderId, input, stored);
    } catch (error) {
      // Refused now (a block, the quote or a file gone): nothing to deliver, the decision stands.
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    }
  }
  if (!(await shieldRepo.deleteHeldMessage(deps.db, heldId))) throw heldNotFound();
}
