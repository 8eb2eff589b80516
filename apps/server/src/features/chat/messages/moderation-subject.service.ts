import { AppError } from '../../../lib/app-error.ts';
import { clock } from '../../../lib/clock.ts';
import type { ModerationSubject } from '../../../moderation-subjects-port.ts';
import type { ReportedContent } from '../../safety/safety.service.ts';
import * as conversationsRepo from '../conversations/conversations.repository.ts';
import { scheduleChatFilesRemoval } from '../files/chat-files.service.ts';
import * as messagesRepo from './message-actions.repository.ts';
import { messageFor } from './message-views.service.ts';
import * as repo from './moderation-subject.repository.ts';

const messageNotFound = () => new AppError(404, 'message_not_found');

/**
 * The safety feature's reported messages (provided by chat.module.ts): a message of the member the
 * report names, in a conversation of the reporter's own; a block between them (often the report's
 * reason) does not hide it here. 404 message_not_found otherwise.
 */
export const messageReportTargets: ReportedContent = {
  async requireContent(tx, reporterId, target) {
    const message = await repo.findMessage(tx, target.id);
    if (!message || message.senderId !== target.user) throw messageNotFound();
    if (!(await repo.membersOf(tx, message.conversationId)).includes(reporterId)) throw messageNotFound();
  },
};

/**
 * A reported message as a moderation subject (decision 0045): its text (its files are the chat's own,
 * not copied); a moderator's removal takes it back as its sender's unsend does, for both members, its
 * files queued for removal, and their open screens are told after the commit.
 */
export const messageModerationSubject: ModerationSubject = {
  kind: 'message',
  async snapshot(db, id) {
    const message = await repo.findMessage(db, id);
    if (!message || message.unsentAt) return undefined;
    return { memberId: message.senderId, text: message.text ?? '', media: [], profile: null };
  },
  async remove({ tx, jobs }, id) {
    const message = await repo.findMessage(tx, id);
    if (!message) return false;
    await conversationsRepo.lockConversationShared(tx, message.conversationId);
    if (!(await messagesRepo.markUnsent(tx, id, clock.now()))) return false;
    for (const userId of await repo.membersOf(tx, message.conversationId)) {
      if (userId !== message.senderId)
        await conversationsRepo.recomputeUnread(tx, message.conversationId, userId);
    }
    await scheduleChatFilesRemoval(jobs, { messageId: id });
    return true;
  },
  // Both members' open screens show it taken back at once, as the sender's own unsend does (a member
  // who deleted it for themselves is not shown it again), and the recipient's badge follows.
  async announceRemoval({ db, events }, id) {
    const message = await repo.findMessage(db, id);
    if (!message) return;
    const views = [];
    const members = await repo.membersOf(db, message.conversationId);
    for (const userId of members) {
      if (await messagesRepo.isHiddenBy(db, id, userId)) continue;
      views.push({ userId, message: await messageFor(db, userId, id) });
    }
    await events.emit('message.changed', { views });
    await events.emit('unread.changed', { userIds: members.filter((userId) => userId !== message.senderId) });
  },
};
