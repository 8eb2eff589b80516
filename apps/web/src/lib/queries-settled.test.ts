import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queriesSettled } from './queries-settled.ts';

/** A query whose answer comes when `answer` is called. */
function pendingQuery(client: QueryClient, key: string) {
  let answer = () => {};
  const fetched = client.fetchQuery({
    queryKey: [key],
    queryFn: () => new Promise<string>((resolve) => (answer = () => resolve(key))),
  });
  return { answer: () => answer(), fetched };
}

describe('queriesSettled', () => {
  it('resolves at once when nothing is fetching', async () => {
    await expect(queriesSettled(new QueryClient())).resolves.toBeUndefined();
  });

  it('waits for every query in flight', async () => {
    const client = new QueryClient();
    const lists = pendingQuery(client, 'lists');
    const profile = pendingQuery(client, 'profile');
    let settled = false;
    const waiting = queriesSettled(client).then(() => (settled = true));
    lists.answer();
    await lists.fetched;
    expect(settled).toBe(false);
    profile.answer();
    await profile.fetched;
    await waiting;
    expect(settled).toBe(true);
  });
});
