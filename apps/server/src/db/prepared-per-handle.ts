import type { DbOrTx } from './client.ts';

/**
 * A Drizzle statement built once per database handle: `prepare` (which names it, so PostgreSQL plans
 * it once per connection) runs the first time a handle asks for it, and later calls reuse it, so a
 * hot query is not built again by Drizzle at every request.
 */
export function preparedPerHandle<Statement>(prepare: (db: DbOrTx) => Statement): (db: DbOrTx) => Statement {
  const statements = new WeakMap<DbOrTx, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) statements.set(db, (statement = prepare(db)));
    return statement;
  };
}
