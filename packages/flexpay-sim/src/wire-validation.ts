import { parseWireAmount, type SimCurrency } from './transactions.ts';

/** A valid paymentService / merchantPayOutService request (A1.3, A1.7). */
export type CollectionBody = {
  merchant: string;
  type: '1' | '2';
  reference: string;
  phone: string;
  amountMinor: number;
  currency: SimCurrency;
  callbackUrl: string;
  description: string | null;
};

/** `strict` refuses what FlexPay reportedly refuses (A1.3): a callback that is not public HTTPS. */
export type SimMode = 'dev' | 'strict';

const PRIVATE_HOST =
  /^(localhost|127\.|10\.|192\.168\.|172\.(1[6-9]|2[0-9]|3[01])\.|169\.254\.|0\.|\[?::1\]?$|\[?f[cd][0-9a-f]{2}:)/i;

/** An absolute callback URL; in strict mode HTTPS to a public host only. Returns the problem, if any. */
export function callbackUrlProblem(value: unknown, mode: SimMode, field: string): string | null {
  if (typeof value !== 'string' || value === '') return `${field} est obligatoire`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${field} doit être une URL absolue`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `${field} doit être une URL http(s)`;
  if (mode === 'strict' && (url.protocol !== 'https:' || PRIVATE_HOST.test(url.hostname))) {
    return `${field} doit être une URL HTTPS publique`;
  }
  return null;
}

/**
 * Checks every field as strings, the way FlexPay's documentation sends them (A1.3): a number where
 * a string belongs is refused too, so the adapter cannot drift from the documented shape unseen.
 */
export function validateCollection(
  body: unknown,
  options: { merchant: string; mode: SimMode },
): { ok: true; value: CollectionBody } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, problems: ['le corps doit être un objet JSON'] };
  }
  const fields = body as Record<string, unknown>;
  const text = (name: string) => {
    const value = fields[name];
    if (value === undefined || value === null || value === '') {
      problems.push(`${name} est obligatoire`);
      return '';
    }
    if (typeof value !== 'string') {
      problems.push(`${name} doit être une chaîne`);
      return '';
    }
    return value;
  };
  const merchant = text('merchant');
  if (merchant && merchant !== options.merchant) problems.push('merchant inconnu');
  const type = text('type');
  if (type && type !== '1' && type !== '2') problems.push('type doit valoir "1" ou "2"');
  const reference = text('reference');
  if (reference && reference.length > 25) problems.push('reference: 25 caractères au plus');
  const phone = text('phone');
  if (phone && !/^243[0-9]{9}$/.test(phone))
    problems.push('phone doit compter 12 chiffres et commencer par 243');
  const amount = text('amount');
  const amountMinor = amount ? parseWireAmount(amount) : null;
  if (amount && amountMinor === null) problems.push('amount doit être un montant positif ("10", "0.5")');
  const currency = text('currency');
  if (currency && currency !== 'CDF' && currency !== 'USD') problems.push('currency doit valoir CDF ou USD');
  const callbackProblem = callbackUrlProblem(fields.callbackUrl, options.mode, 'callbackUrl');
  if (callbackProblem) problems.push(callbackProblem);
  const description = fields.description;
  if (description !== undefined && typeof description !== 'string') {
    problems.push('description doit être une chaîne');
  }
  if (problems.length > 0 || amountMinor === null) return { ok: false, problems };
  return {
    ok: true,
    value: {
      merchant,
      type: type as '1' | '2',
      reference,
      phone,
      amountMinor,
      currency: currency as SimCurrency,
      callbackUrl: fields.callbackUrl as string,
      description: typeof description === 'string' ? description : null,
    },
  };
}
