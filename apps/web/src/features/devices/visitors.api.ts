import type { Visitor, VisitorInput } from '@motema/shared/devices';
import { api } from '../../lib/api-client.ts';
import { deviceKeepsRecords, deviceText } from '../../lib/device-record.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { dayOf } from './install/install-engagement.ts';

/** The day this device last recorded a visit (local YYYY-MM-DD). */
export const VISIT_DAY_KEY = 'motema.visit-day';
const visitDay = deviceText(VISIT_DAY_KEY, (stored) => stored);

export function postVisitor(input: VisitorInput): Promise<Visitor> {
  return api<Visitor>('/visitors', { method: 'POST', body: input });
}

let recording: Promise<void> | undefined;

/**
 * Records one visit a day per device of someone not connected (POST /api/visitors; SPEC section 3):
 * the language, where they came from (the server keeps its origin only) and the platform. The day is
 * marked once the server took it, so a failure (no network) is tried again at the next public page.
 * Silent: nothing the visitor asked for; a member's device (connected) records nothing.
 */
export function recordVisitOncePerDay(now = Date.now()): Promise<void> {
  recording ??= record(now).finally(() => (recording = undefined));
  return recording;
}

async function record(now: number): Promise<void> {
  const day = dayOf(now);
  // No storage (a private window that refuses it): no way to count once a day, so nothing is sent.
  if (!deviceKeepsRecords() || visitDay.read() === day) return;
  await postVisitor({ language: currentLanguage(), referrer: document.referrer || null, platform: 'web' });
  visitDay.keep(day);
}
