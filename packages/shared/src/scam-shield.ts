import { z } from 'zod';

/**
 * The scam shield's families (docs/scam-shield.md): what a message from a stranger, or in a
 * conversation's first SHIELD_DAYS, looked like to the server's rules.
 */
export const SCAM_FAMILIES = [
  'money_request',
  'mobile_money',
  'code',
  'mistake',
  'off_platform',
  'link',
  'phone_number',
] as const;
export type ScamFamily = (typeof SCAM_FAMILIES)[number];
/** A conversation's first days, during which every message is checked (strangers' ones always are). */
export const SHIELD_DAYS = 3;
/** The safety banner's data on a flagged message: only its recipient ever sees it. */
export const MessageShieldSchema = z.object({ families: z.array(z.enum(SCAM_FAMILIES)) });
export type MessageShield = z.infer<typeof MessageShieldSchema>;
