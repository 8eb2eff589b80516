import type { PushSupport } from './web/push-support.ts';
import { webPush } from './web/push.ts';

export type { PushSupport };
/** The device's permission to show notifications: not asked yet, given, or refused. */
export type PushPermission = 'default' | 'granted' | 'denied';
/**
 * This device's address at its push service, in the shape POST /api/push-tokens takes it (SPEC): a
 * browser's subscription (`web`: endpoint and keys), or a native app's token (`android`: FCM's, `ios`:
 * APNs'). Features pass it on without learning which it is.
 */
export type PushRegistration = { web: PushSubscriptionJSON } | { android: string } | { ios: string };

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
  /** The registration the device holds now, or null. */
  current(): Promise<PushRegistration | null>;
  /**
   * A registration at the device's push service: the one held when still good, else a new one. The web
   * subscribes for the server's VAPID key (base64url), asked of `serverKey` only there. Rejects when
   * none can be made (no service worker, no push service reachable).
   */
  subscribe(serverKey: () => Promise<string>): Promise<PushRegistration>;
  /** Ends the device's subscription, if any (best effort: never rejects). */
  end(): Promise<void>;
};

/** This platform's push: the web's, or the native shell's bound in at start (./start.ts, decision 0048). */
export const push: PushPlatform = { ...webPush };
