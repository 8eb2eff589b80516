import type { Database } from '../db/client.ts';

/**
 * How PostgreSQL planned one of the chat's keyed statements (db/keyed.ts) on the keyed connection it
 * ran on: its executions with the generic plan and those planned for their parameters
 * (`pg_prepared_statements` is per connection). The keyed pool lends the connection released last
 * (pg-pool), so statements run one after the other, and this read after them, share one.
 */
export async function plansOf(database: Database, name: string) {
  const { rows } = await database.db.$keyed.query<{ generic: number; custom: number }>(
    'SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE name = $1',
    [name],
  );
  return rows[0] ?? { generic: 0, custom: 0 };
}
