import { describe, expect, it } from 'vitest';
import { flattenMessages, keepNewerMessages, mergeMessages, type MessagesData } from './chat-cache.ts';
import { buildMessage } from './chat-fixtures.tsx';

const data = (...pages: number[][]): MessagesData => ({
  pages: pages.map((seqs) => ({
    messages: seqs.map((seq) => buildMessage('c-1', seq)),
    count: 0,
    hasMore: false,
  })),
  pageParams: pages.map((_, index) => (index === 0 ? null : 10 - index)),
});
const seqs = (value: unknown) => flattenMessages(value as MessagesData).map((message) => message.seq);

describe('thread cache', () => {
  it('merges by seq and skips what it holds, whatever the order of arrival', () => {
    const merged = mergeMessages(
      data([5, 6], [3, 4]),
      [7, 6, 2, 8].map((seq) => buildMessage('c-1', seq)),
    );
    expect(seqs(merged)).toEqual([2, 3, 4, 5, 6, 7, 8]);
  });

  it('keeps messages that arrived by socket while a refetch was answered from an older snapshot', () => {
    const cached = data([4, 5, 6, 7]);
    const refetched = data([3, 4, 5]);
    expect(seqs(keepNewerMessages(cached, refetched))).toEqual([3, 4, 5, 6, 7]);
    // Nothing newer: the answer as it is.
    expect(seqs(keepNewerMessages(data([1]), refetched))).toEqual([3, 4, 5]);
    // The same answer again: the same object (no re-render).
    expect(keepNewerMessages(cached, data([4, 5, 6, 7]))).toBe(cached);
  });
});
