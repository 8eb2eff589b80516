import type { Database } from '../db/client.ts';

/**
 * How PostgreSQL planned a named statement on the one connection of `database` (a pool of one): its
 * executions with the generic plan and those planned for their parameters (`pg_prepared_statements`
 * is per connection).
 */
export async function plansOf(database: Database, name: string) {
  const { rows } = await database.pool.query<{ generic: number; custom: number }>(
    'SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE name = $1',
    [name],
  );
  return rows[0] ?? { generic: 0, custom: 0 };
}
