import { REFERRAL_CODE_PATTERN } from '@motema/shared/partnership';
import { deviceText } from '../../lib/device-record.ts';

/**
 * The partner's code a newcomer arrived with (`/register?ref=K7P2QX`, the link's referralPath), kept
 * on this device until the account is created: a newcomer may go to login and back, or come back
 * tomorrow, and is still their child account. A malformed code is neither kept nor sent.
 */
const kept = deviceText('motema.referral', (stored) => (REFERRAL_CODE_PATTERN.test(stored) ? stored : null));

/** The code of the link opened now (kept for later), else the one kept before, else null. */
export function referralCode(fromLink: string | null): string | null {
  const code = fromLink?.trim().toUpperCase() ?? '';
  if (REFERRAL_CODE_PATTERN.test(code)) {
    kept.keep(code);
    return code;
  }
  return kept.read();
}

/** The account exists: the code did its work. */
export const forgetReferralCode = (): void => kept.forget();
