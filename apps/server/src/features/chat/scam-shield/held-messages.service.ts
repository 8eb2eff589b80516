import type { HeldDecision, HeldMessagesQuery } from '@motema/shared/held-messages';
import type { ScamFamily } from '@motema/shared/scam-shield';
import type { AppEventPort } from '../../../app-events.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { announceStored, storeChecked } from '../send/chat-send.service.ts';
import * as shieldRepo from './shield.repository.ts';

type HeldDeps = { db: Db; events: AppEventPort };

export const listHeld = (db: Db, query: HeldMessagesQuery) =>
  shieldRepo.listHeldMessages(db, query.skip, query.limit);

const heldNotFound = () => new AppError(404, 'held_message_not_found');

/**
 * Staff decide a held message (docs/scam-shield.md). `release` sends it as its sender sent it, under
 * its own client id (a second release, or a retry of the sender's app, finds it stored), with the
 * shield's families for its recipient's banner, past the sender's message limit (it was counted when
 * held); a block made since, or the conversation gone, stores nothing and the held message goes. `drop`
 * deletes it: its sender is not told, as with a message a recipient never reads.
 */
export async function decideHeld(deps: HeldDeps, heldId: string, decision: HeldDecision['decision']) {
  const held = await shieldRepo.findHeldMessage(deps.db, heldId);
  if (!held) throw heldNotFound();
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
