import { PUSH_PROMPT_REFUSAL_S } from '@motema/shared/limits';

/**
 * A refusal of push on this device (our "Not now", or the browser's prompt answered "Block" or closed),
 * remembered PUSH_PROMPT_REFUSAL_S (SPEC section 4): the prompt does not come back before then. Kept in
 * localStorage, per device and not per member: it is the device's owner who said no.
 */
const REFUSAL_KEY = 'motema.push.refusedAt';

export function rememberPushRefusal(now = Date.now()): void {
  try {
    localStorage.setItem(REFUSAL_KEY, String(now));
  } catch {
    // Storage full or off (private browsing): the prompt may come back at the next moment.
  }
}

export function forgetPushRefusal(): void {
  try {
    localStorage.removeItem(REFUSAL_KEY);
  } catch {
    // nothing kept
  }
}

/** True while a refusal is less than PUSH_PROMPT_REFUSAL_S old (a date in the future counts as now). */
export function pushRefusedRecently(now = Date.now()): boolean {
  let kept: string | null;
  try {
    kept = localStorage.getItem(REFUSAL_KEY);
  } catch {
    return false;
  }
  const at = Number(kept);
  if (!kept || !Number.isFinite(at)) return false;
  // A clock put back must not make the refusal last for ever.
  return now - Math.min(at, now) < PUSH_PROMPT_REFUSAL_S * 1000 && at <= now + PUSH_PROMPT_REFUSAL_S * 1000;
}
