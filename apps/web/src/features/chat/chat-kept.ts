import type { ConversationList, MessagePage } from '@motema/shared/chat';
import type { KeepPolicy, KeptQuery } from '../../lib/persisted-queries.ts';
import { chatKeys, type MessagesData } from './chat-cache.ts';

/** The conversations kept on the device, most recent first, and the latest messages of each. */
export const KEPT_CONVERSATIONS = 30;
export const KEPT_MESSAGES = 50;

const isList = (query: KeptQuery) => query.queryKey[1] === chatKeys.conversations()[1];
const conversationOf = (query: KeptQuery) => String(query.queryKey[2]);

/**
 * Whether a kept answer has the shape this build reads: the device may hold one written by another
 * build, which is dropped rather than let the save that bounds them all fail.
 */
const hasArray = (data: unknown, field: 'conversations' | 'pages') =>
  typeof data === 'object' && data !== null && Array.isArray((data as Record<string, unknown>)[field]);
const readable = (query: KeptQuery) => hasArray(query.data, isList(query) ? 'conversations' : 'pages');

function boundList(list: ConversationList): ConversationList {
  return { ...list, conversations: list.conversations.slice(0, KEPT_CONVERSATIONS) };
}

/** A thread's latest page only, its last KEPT_MESSAGES messages; older ones load when online. */
function boundThread(data: MessagesData): MessagesData {
  const [latest, ...older] = data.pages;
  if (!latest) return { pages: [], pageParams: [] };
  const messages = latest.messages.slice(-KEPT_MESSAGES);
  const page: MessagePage = {
    ...latest,
    messages,
    hasMore: latest.hasMore || older.length > 0 || messages.length < latest.messages.length,
  };
  return { pages: [page], pageParams: [null] };
}

/**
 * The chat's queries kept on the device (lib/persisted-queries.ts): the conversations list and the
 * latest messages of the conversations it keeps (of the threads last opened when no list is kept),
 * so `/conversations` and a thread read minutes ago reload offline.
 */
export const chatKeptQueries: KeepPolicy = {
  keeps: (queryKey) =>
    queryKey[0] === chatKeys.all[0] &&
    (queryKey[1] === chatKeys.conversations()[1] ||
      (queryKey[1] === chatKeys.threads()[1] && queryKey.length === chatKeys.messages('').length)),

  bound(all) {
    const queries = all.filter(readable);
    const list = queries.find(isList);
    const threads = queries.filter((query) => !isList(query));
    let wanted: KeptQuery[];
    if (list) {
      const ids = new Set(
        boundList(list.data as ConversationList).conversations.map((conversation) => conversation._id),
      );
      wanted = threads.filter((thread) => ids.has(conversationOf(thread)));
    } else {
      wanted = [...threads].sort((a, b) => b.updatedAt - a.updatedAt).slice(0, KEPT_CONVERSATIONS);
    }
    return [
      ...(list ? [{ ...list, data: boundList(list.data as ConversationList) }] : []),
      ...wanted.map((thread) => ({ ...thread, data: boundThread(thread.data as MessagesData) })),
    ];
  },
};
