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
