import type { PaymentStart } from './billing.api.ts';
import { storedFields, tabRecord } from '../../lib/device-record.ts';
import { randomUuid } from '../../lib/random-uuid.ts';
import { useRef } from 'react';

/**
 * One attempt's Idempotency-Key: the same while the member sends the same payment again (a retry
 * after no answer), a new one once they change what they pay with. The server then answers a retry
 * with the first payment instead of pushing a second request to the phone (P2).
 */
export function useAttemptKey() {
  const attempt = useRef<{ body: string; key: string } | null>(null);
  return (start: PaymentStart, key?: string) => {
    const body = JSON.stringify(start);
    if (key) attempt.current = { body, key };
    else if (attempt.current?.body !== body) attempt.current = { body, key: randomUuid() };
    return attempt.current.key;
  };
}

/** A start tapped whose answer this tab has not seen: asked again after a reload within this time. */
export const UNANSWERED_START_MS = 10 * 60_000;

type Unanswered = { member: string; plan: string; start: PaymentStart; key: string; at: number };

const unanswered = tabRecord<Unanswered>('motema.paymentStart', (stored) => {
  const fields = storedFields(stored);
  const start = storedFields(fields?.start);
  if (
    typeof fields?.member !== 'string' ||
    typeof fields.plan !== 'string' ||
    typeof fields.key !== 'string' ||
    typeof fields.at !== 'number' ||
    !start
  )
    return null;
  return { ...(fields as Omit<Unanswered, 'start'>), start: start as PaymentStart };
});

/**
 * The payment start `member` tapped for `plan` in this tab whose answer never reached the page (it
 * reloaded meanwhile: a slow start on 3G, the phone's mobile money app reloading the browser), if
 * recent: sent again with its key, the server answers with that payment, started once.
 */
export function unansweredStart(member: string, plan: string): { start: PaymentStart; key: string } | null {
  const kept = unanswered.read();
  if (!kept || kept.member !== member || kept.plan !== plan) return null;
  if (Math.abs(Date.now() - kept.at) > UNANSWERED_START_MS) return null;
  return { start: kept.start, key: kept.key };
}

/** Kept from the tap until its answer (or refusal) is seen. */
export const keepUnansweredStart = (member: string, plan: string, start: PaymentStart, key: string) =>
  unanswered.keep({ member, plan, start, key, at: Date.now() });

export const forgetUnansweredStart = () => unanswered.forget();
