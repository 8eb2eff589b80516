import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ConversationList, Message, ReactionsEvent } from '@motema/shared/chat';
import { useSocket, type AppSocket } from '../../../lib/socket.ts';
import { useMeQuery } from '../../users/users.api.ts';
import {
  applyReceipt,
  chatKeys,
  heldThreads,
  removeMessage,
  applyReactions,
  replaceMessage,
  type MessagesData,
} from '../chat-cache.ts';
import { fetchMessagesAfter } from '../chat.api.ts';
import { absorbMessages, activateSender, OutboxSender } from '../composer/outbox-sender.ts';
import { outbox } from '../composer/outbox.ts';
import { emitDelivered, resetReceipts } from './receipts.ts';

type Context = { socket: AppSocket; queryClient: QueryClient; meId: string };

/** The highest seq among the other member's messages, per conversation: what to acknowledge. */
function deliverAll({ socket, meId }: Context, messages: Message[]) {
  const highest = new Map<string, number>();
  for (const message of messages)
    if (message.sender._id !== meId)
      highest.set(
        message.conversation._id,
        Math.max(highest.get(message.conversation._id) ?? 0, message.seq),
      );
  for (const [conversationId, seq] of highest) emitDelivered(socket, conversationId, seq);
}

/**
 * After every connect (the first one and each reconnect, whatever Socket.IO recovered): send the
 * outbox, then fetch what each held thread missed since its highest seq, then refresh the list
 * and the open conversations (QUALITY C2, C3). The badges refresh themselves (CountersSync).
 */
async function syncAfterConnect(context: Context, sender: OutboxSender, alive: () => boolean) {
  const { queryClient, meId } = context;
  await sender.flush();
  if (!alive()) return;
  await Promise.all(
    heldThreads(queryClient).map(async ({ conversationId, after }) => {
      try {
        const missed = await fetchMessagesAfter(conversationId, after);
        if (missed.length === 0 || !alive()) return;
        absorbMessages(queryClient, meId, missed);
        deliverAll(context, missed);
      } catch {
        // Gone (blocked, 404) or offline again: the next connect or the thread's own fetch tells.
      }
    }),
  );
  if (!alive()) return;
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: chatKeys.conversations() }),
    queryClient.invalidateQueries({ queryKey: chatKeys.conversationsOne() }),
  ]);
}

/** Messages that reached the app by a fetch (the list's last messages, a thread's pages) are delivered. */
function watchFetches(context: Context) {
  const { queryClient } = context;
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const key = event.query.queryKey;
    if (key[0] !== chatKeys.all[0]) return;
    if (key[1] === 'conversations') {
      const list = event.query.state.data as ConversationList | undefined;
      deliverAll(
        context,
        // Only what is unread: a message the member read has reached them (and the server knows it).
        (list?.conversations ?? []).flatMap((c) =>
          c.message && c.message.seq > c.readSeq ? [c.message] : [],
        ),
      );
    } else if (key[1] === 'messages') {
      const data = event.query.state.data as MessagesData | undefined;
      deliverAll(context, data?.pages[0]?.messages ?? []);
    }
  });
}

function listen(context: Context, sender: OutboxSender) {
  const { socket, queryClient, meId } = context;
  let syncing: Promise<void> = Promise.resolve();
  let listening = true;
  const alive = () => listening;
  const onConnect = () => {
    resetReceipts();
    syncing = syncing.then(() => syncAfterConnect(context, sender, alive)).catch(() => undefined);
  };
  const onNew = (message: Message) => {
    absorbMessages(queryClient, meId, [message]);
    deliverAll(context, [message]);
  };
  const onUpdate = (message: Message) => replaceMessage(queryClient, message);
  const onReactions = (event: ReactionsEvent) => applyReactions(queryClient, event);
  const onHidden = ({ conversationId, messageId }: { conversationId: string; messageId: string }) =>
    removeMessage(queryClient, conversationId, messageId);
  const onReceipts = (receipt: Parameters<typeof applyReceipt>[1]) =>
    applyReceipt(queryClient, receipt, meId);
  const onChanged = ({ conversationId }: { conversationId: string }) => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversation(conversationId) });
  };

  socket.on('connect', onConnect);
  socket.on('chats:messages:new', onNew);
  socket.on('chats:messages:update', onUpdate);
  socket.on('chats:messages:hidden', onHidden);
  socket.on('chats:messages:reactions', onReactions);
  socket.on('chats:receipts', onReceipts);
  socket.on('chats:conversations:changed', onChanged);
  const unwatch = watchFetches(context);
  // Already connected before this mounted: that connect counts too. Offline: show what waits.
  if (socket.connected) onConnect();
  else void outbox.load();
  return () => {
    listening = false;
    socket.off('connect', onConnect);
    socket.off('chats:messages:new', onNew);
    socket.off('chats:messages:update', onUpdate);
    socket.off('chats:messages:hidden', onHidden);
    socket.off('chats:messages:reactions', onReactions);
    socket.off('chats:receipts', onReceipts);
    socket.off('chats:conversations:changed', onChanged);
    unwatch();
  };
}

/**
 * The chat's data layer for the whole member app (mounted once inside the SocketProvider): sends
 * the outbox, catches up on every connect, merges what the server pushes into the caches, tells
 * the server what reached the app.
 */
export function ChatSync() {
  const socket = useSocket();
  const queryClient = useQueryClient();
  const meId = useMeQuery().data?._id ?? null;

  useEffect(() => {
    if (!socket || !meId) return;
    outbox.open(meId);
    const context = { socket, queryClient, meId };
    const sender = new OutboxSender(context);
    const deactivate = activateSender(sender);
    const stop = listen(context, sender);
    return () => {
      stop();
      deactivate();
    };
  }, [socket, meId, queryClient]);

  return null;
}
