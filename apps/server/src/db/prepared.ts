import type { Executor } from './connect';

/**
 * A query built once per database (or transaction) and run many times with placeholders: on the hottest paths
 * drizzle's builder costs more than the query. On PostgreSQL the name drizzle gives it also makes it a prepared
 * statement on each connection, parsed and planned once.
 */
export function preparedQuery<Query>(build: (db: Executor) => Query): (db: Executor) => Query {
  const built = new WeakMap<Executor, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
