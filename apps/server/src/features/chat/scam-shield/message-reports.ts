import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { conversationMembers, messages } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { ReportedMessages } from '../../safety/safety.service.ts';
import { conversationAccess } from '../chat-access.repository.ts';

/**
 * The chat's side of a report of a message (the scam shield's banner has a "Report" button): the
 * message must be the reported member's, in a conversation the reporter is in with no block between
 * them; else 404 message_not_found, the same for a message that exists elsewhere (QUALITY Z1).
 */
export const chatReportedMessages: ReportedMessages = {
  async requireMessage(tx: DbOrTx, reporterId: string, { user, message }) {
    const [row] = await tx
      .select({ conversationId: messages.conversationId })
      .from(messages)
      .innerJoin(
        conversationMembers,
        and(
          eq(conversationMembers.conversationId, messages.conversationId),
          eq(conversationMembers.userId, reporterId),
        ),
      )
      .where(and(eq(messages.id, message), eq(messages.senderId, user)));
    const access = row && (await conversationAccess(tx, row.conversationId, reporterId));
    if (!access || access.blocked) throw new AppError(404, 'message_not_found');
  },
};
