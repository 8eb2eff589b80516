import type { ScamFamily } from '@motema/shared/scam-shield';
import type { HeldMessage, HeldMessageList } from '@motema/shared/held-messages';
import type { HeldListRow } from './shield.repository.ts';

/** A held message as staff see it: who to whom (usernames), its text, how many files, the families. */
export function presentHeld({ held, senderUsername, recipientUsername }: HeldListRow): HeldMessage {
  return {
    _id: held.id,
    conversation: { _id: held.conversationId },
    sender: { _id: held.senderId, username: senderUsername },
    recipient: { _id: held.recipientId, username: recipientUsername },
    text: held.text,
    files: held.fileIds.length,
    families: held.families as ScamFamily[],
    createdAt: held.createdAt.toISOString(),
  };
}

export const presentHeldList = ({
  rows,
  count,
}: {
  rows: HeldListRow[];
  count: number;
}): HeldMessageList => ({
  heldMessages: rows.map(presentHeld),
  count,
});
