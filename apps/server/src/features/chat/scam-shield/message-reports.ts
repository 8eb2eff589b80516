import type { DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { ReportedMessages } from '../../safety/safety.service.ts';
import { conversationAccess } from '../chat-access.repository.ts';
import { reportableMessage } from './shield.repository.ts';

/**
 * The chat's side of a report of a message (the scam shield's banner has a "Report" button): the
 * message must be the reported member's, in a conversation the reporter is in with no block between
 * them; else 404 message_not_found, the same for a message that exists elsewhere (QUALITY Z1).
 */
export const chatReportedMessages: ReportedMessages = {
  async requireMessage(tx: DbOrTx, reporterId: string, { user, message }) {
    const found = await reportableMessage(tx, { messageId: message, senderId: user, reporterId });
    const access = found && (await conversationAccess(tx, found.conversationId, reporterId));
    if (!access || access.blocked) throw new AppError(404, 'message_not_found');
  },
};
