import { IconMessageCircle } from '@tabler/icons-react';
import { Suspense } from 'react';
import type { HomePart } from '../../lib/feature-module.ts';
import { ChatSync } from './sync/chat-sync.tsx';
import { MessageToasts } from './sync/message-toasts.tsx';

/** The chat's data layer (outbox, catch-up, receipts) and its toasts. */
const ChatHosts = () => (
  <>
    <ChatSync />
    <Suspense fallback={null}>
      <MessageToasts />
    </Suspense>
  </>
);

export const homePart: HomePart = {
  hosts: [ChatHosts],
  tabs: [{ to: '/conversations', key: 'nav.conversations', Icon: IconMessageCircle }],
  // A thread takes the whole phone screen: its composer sits where the tab bar would be.
  fullScreen: ['/messages/'],
};
