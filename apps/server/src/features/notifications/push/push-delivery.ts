import type { PushPayload } from '@motema/shared/notifications';

/** How a push is delivered, whatever the device: web push's headers, FCM's and APNs' fields. */
export type PushOptions = {
  /** RFC 8030 section 5.4: a push still waiting at the push service with this topic is replaced. */
  topic?: string;
  /** RFC 8030 section 5.3: how soon the device should wake for it. */
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** RFC 8030 section 5.2: how long the push service keeps it for a device that is off. */
  ttlSeconds: number;
  /** How long a push service may take to answer; default PUSH_SEND_TIMEOUT_MS. */
  timeoutMs?: number;
};

/** How the sends went: delivered to the push service, its device gone (token deleted), or failed. */
export type PushResult = { sent: number; gone: number; failed: number };

/** A push service that has not answered by then is counted failed; the others are not held up. */
export const PUSH_SEND_TIMEOUT_MS = 10_000;

/**
 * A native platform's adapter (fcm-sender.ts, apns-sender.ts): it delivers what the push worker
 * decided (the texts, in the member's language, discreet or not) to one device token and says how it
 * went; `gone` when the service says the token is dead (the sender deletes it).
 */
export type NativeSender = {
  send: (token: string, payload: PushPayload, options: PushOptions) => Promise<keyof PushResult>;
  close: () => Promise<void>;
};
