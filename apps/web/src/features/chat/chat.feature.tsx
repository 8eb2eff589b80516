import type { FeatureModule } from '../../lib/feature-module.ts';
import { page } from '../../lib/feature-routes.tsx';

/** The conversations and a thread; the chat's data layer and toasts over every member screen. */
export const chatFeature: FeatureModule = {
  name: 'chat',
  routes: () => ({
    member: [
      page('/conversations', () => import('./list/conversations-page.tsx'), 'ConversationsPage', ['chat']),
      page('/messages/:id', () => import('./thread/messages-page.tsx'), 'MessagesPage', ['chat', 'thread']),
    ],
  }),
  homeNamespaces: ['chat'],
};
