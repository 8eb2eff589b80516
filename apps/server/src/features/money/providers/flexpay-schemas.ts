import { z } from 'zod';

/**
 * Every FlexPay answer the adapter reads, as observed (PAYMENTS.md A1): `code` arrives as a string
 * ("0") and sometimes as a number (0), so both are read as a string; unknown fields are kept and
 * ignored; what may be missing or null is optional. The simulator's answers are checked against
 * these same schemas (flexpay-contract.test.ts), so neither can drift from the other unseen.
 */

/** A code or status: "0" or 0, read as "0". */
const WireCode = z.union([z.string(), z.number()]).transform((value) => String(value).trim());
const WireAmount = z.union([z.string(), z.number()]);
const OptionalText = z.string().nullish();

/** paymentService and merchantPayOutService (A1.3, A1.7): `code` "0" = request received, not paid. */
export const FlexpayInitAnswerSchema = z.looseObject({
  code: WireCode,
  message: OptionalText,
  orderNumber: OptionalText,
});
export type FlexpayInitAnswer = z.infer<typeof FlexpayInitAnswerSchema>;

/** check/{orderNumber} (A1.5): `code` is the request's, `transaction.status` the payment's. */
export const FlexpayCheckAnswerSchema = z.looseObject({
  code: WireCode,
  message: OptionalText,
  transaction: z
    .looseObject({
      orderNumber: OptionalText,
      reference: z.string(),
      amount: WireAmount,
      amountCustomer: WireAmount.nullish(),
      currency: z.string(),
      createdAt: OptionalText,
      status: WireCode,
      channel: OptionalText,
    })
    .nullish(),
});
export type FlexpayCheckAnswer = z.infer<typeof FlexpayCheckAnswerSchema>;

/** v1.1/pay (A1.6): the hosted card page's address may come as `url`, `paymentUrl` or `redirectUrl`. */
export const FlexpayCardAnswerSchema = z.looseObject({
  code: WireCode,
  message: OptionalText,
  orderNumber: OptionalText,
  url: OptionalText,
  paymentUrl: OptionalText,
  redirectUrl: OptionalText,
});
export type FlexpayCardAnswer = z.infer<typeof FlexpayCardAnswerSchema>;

/**
 * The callback ("Result", A1.4). Informational only: it names the payment to check, and nothing in
 * it is believed (P8). The operator's reference comes snake_cased or camelCased.
 */
export const FlexpayCallbackSchema = z.looseObject({
  code: WireCode.optional(),
  reference: z.string().min(1).max(64),
  orderNumber: z.string().min(1).max(128).nullish(),
  provider_reference: OptionalText,
  providerReference: OptionalText,
  amount: WireAmount.nullish(),
  amountCustomer: WireAmount.nullish(),
  currency: OptionalText,
  channel: OptionalText,
});
export type FlexpayCallback = z.infer<typeof FlexpayCallbackSchema>;
