import { describe, expect, it } from 'vitest';
import type { Executor } from './connect';
import { preparedQuery } from './prepared';

describe('preparedQuery', () => {
  it('builds a query once per database, and one of its own for another database or transaction', () => {
    let builds = 0;
    const query = preparedQuery((db) => ({ db, build: ++builds }));
    const database = {} as Executor;
    const transaction = {} as Executor;
    expect(query(database)).toBe(query(database));
    expect(query(transaction)).toEqual({ db: transaction, build: 2 });
    expect(query(database)).toEqual({ db: database, build: 1 });
    expect(builds).toBe(2);
  });
});
