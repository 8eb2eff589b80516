import { expect } from 'vitest';
import {
  CountersWithEntriesSchema,
  NotificationListSchema,
  type CountersWithEntries,
  type NotificationEntry,
  type NotificationList,
} from '@motema/shared/notifications';
import type { TestApp } from '../../../test/build-test-app.ts';
import { requestAs } from '../../../test/chat-factories.ts';
import type { Member } from '../../../test/factories.ts';

/** GET /api/counters as the member, checked against its schema. */
export async function countersWithEntries(
  t: Pick<TestApp, 'app'>,
  member: Member,
): Promise<CountersWithEntries> {
  const res = await requestAs(t, member)('GET', '/api/counters');
  expect(res.statusCode, res.body).toBe(200);
  return CountersWithEntriesSchema.parse(res.json());
}

/** GET /api/notifications as the member (`before` the page's start), checked against its schema. */
export async function listOf(
  t: Pick<TestApp, 'app'>,
  member: Member,
  before?: string,
): Promise<NotificationList> {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  const res = await requestAs(t, member)('GET', `/api/notifications${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return NotificationListSchema.parse(res.json());
}

export const idsOf = (entries: NotificationEntry[]) => entries.map((entry) => entry._id);
