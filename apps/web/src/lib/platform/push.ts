import type { PushSupport } from './web/push-support.ts';
import { webPush } from './web/push.ts';

export type { PushSupport };
/** The device's permission to show notifications: not asked yet, given, or refused. */
export type PushPermission = 'default' | 'granted' | 'denied';
/** A subscription at the device's push service, as the server registers it (endpoint and keys). */
export type PushSubscriptionData = PushSubscriptionJSON;

/**
 * Push on this device: whether it can receive it, its permission, and its subscription. What the app
 * does with them (our explanation first, the refusal remembered, the server told) stays in
 * features/notifications/push/.
 */
export type PushPlatform = {
  support(): PushSupport;
  permission(): PushPermission;
  /** Asks the device's own question (only after the app's explanation); its answer. */
  askPermission(): Promise<PushPermission>;
  /** The subscription the device holds now, or null. */
  current(): Promise<PushSubscriptionData | null>;
  /**
   * A subscription for the server's key (base64url): the one held when made for it, else a new one.
   * Rejects when none can be made (no service worker, no push service reachable).
   */
  subscribe(serverKey: string): Promise<PushSubscriptionData>;
  /** Ends the device's subscription, if any (best effort: never rejects). */
  end(): Promise<void>;
};

/** This platform's push: the web's (decision 0038: a native build binds its own here). */
export const push: PushPlatform = webPush;
