import { routes, type FeatureModule } from '../../modules/feature-module.ts';
import { subscribeChatEvents } from './chat-emitters.ts';
import { registerChatRealtime } from './chat-realtime.ts';
import { chatRoutes } from './chat.routes.ts';
import { afterAccountRemoved, announceBlockChange } from './conversations/conversations.service.ts';
import { chatFilesRoutes } from './files/chat-files.routes.ts';
import { chatAccountRemovalHook } from './account-removal-hook.ts';
import { heldMessagesRoutes } from './scam-shield/held-messages.routes.ts';
import { CHAT_FILES_QUEUE, removeChatFiles, type ChatFilesJob } from './files/chat-files.service.ts';
import { messageModerationSubject, messageReportTargets } from './messages/moderation-subject.service.ts';

export const chatModule: FeatureModule = {
  name: 'chat',
  routes: [routes(chatRoutes), routes(chatFilesRoutes), routes(heldMessagesRoutes)],
  publicRoutes: [
    // As photos: 404 to anyone the conversation's rules do not let see the file, a visitor included.
    'GET /api/chat-files/:fileId/:file',
  ],
  realtime: ({ deps, limiter, realtime }) =>
    registerChatRealtime(realtime, { db: deps.db, limiter, events: deps.events, env: deps.env }),
  subscribers: ({ deps: { db, jobs, events }, realtime }) => {
    events.on('block.changed', ({ blockerId, blockedId }) =>
      announceBlockChange({ db, events }, blockerId, blockedId),
    );
    // A deleted account's conversations' other members are told.
    events.on('account.removed', (removed) => afterAccountRemoved({ jobs, events }, removed));
    // Messages, receipts, typing and conversation changes to the members' devices (a block also ends
    // their watching each other's presence).
    subscribeChatEvents({ events }, realtime);
  },
  // A member's deletion: their conversations go for both members.
  accountHooks: [chatAccountRemovalHook],
  workers: async ({ deps }) => {
    await deps.jobs.work<ChatFilesJob>(CHAT_FILES_QUEUE, (job) => removeChatFiles(deps, job));
  },
  // A reported message (the scam shield's banner has a Report button): checked for safety's reports, its case's snapshot and a moderator's removal.
  provides: { reportedMessages: messageReportTargets },
  moderationSubjects: [messageModerationSubject],
};
