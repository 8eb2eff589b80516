import { z } from 'zod';

/** The deepest `skip` any list accepts: deeper pages cost the database too much for any real use. */
export const MAX_LIST_SKIP = 10_000;
/** The largest page any list serves. */
export const MAX_LIST_LIMIT = 100;

/** `skip` of a list query: a whole number from 0 to MAX_LIST_SKIP, 0 when absent. */
export const SkipSchema = z.coerce
  .number({ error: 'must_be_numeric' })
  .int({ error: 'must_be_numeric' })
  .min(0, { error: 'invalid_value' })
  .max(MAX_LIST_SKIP, { error: 'invalid_value' })
  .default(0);

/** `limit` of a list query: a whole number from 1 to MAX_LIST_LIMIT. */
export const LimitSchema = z.coerce
  .number({ error: 'must_be_numeric' })
  .int({ error: 'must_be_numeric' })
  .min(1, { error: 'invalid_value' })
  .max(MAX_LIST_LIMIT, { error: 'invalid_value' });

/**
 * `sort` of a list query: one of `values`, `+field` ascending and `-field` descending (SPEC section 7).
 * A `+` written unencoded in a query string arrives as a space (form encoding: `?sort=+createdAt` is
 * ` createdAt`), so a leading space is read as the `+` it was written as.
 */
export function sortSchema<const Values extends readonly [string, ...string[]]>(values: Values) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.startsWith(' ') ? `+${value.slice(1)}` : value),
    z.enum(values, { error: 'invalid_value' }),
  );
}
