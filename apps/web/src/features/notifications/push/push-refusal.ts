import { PUSH_PROMPT_REFUSAL_S } from '@motema/shared/limits';
import { deviceRecord, refusalHolds } from '../../../lib/device-record.ts';

/**
 * A refusal of push on this device (our "Not now", or the browser's prompt answered "Block" or closed),
 * remembered PUSH_PROMPT_REFUSAL_S (SPEC section 4): the prompt does not come back before then. Kept
 * on the device (lib/device-record.ts), per device and not per member: it is the device's owner who said no.
 */
const refusal = deviceRecord<number>('motema.push.refusedAt', (stored) =>
  typeof stored === 'number' ? stored : null,
);

/** Storage full or off (private browsing): the prompt may come back at the next moment. */
export const rememberPushRefusal = (now = Date.now()): void => refusal.keep(now);
export const forgetPushRefusal = (): void => refusal.forget();

/** True while a refusal is less than PUSH_PROMPT_REFUSAL_S old (a date in the future counts as now). */
export const pushRefusedRecently = (now = Date.now()): boolean =>
  refusalHolds(refusal.read(), now, PUSH_PROMPT_REFUSAL_S);
