import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { preparedStatements } from './pglite-statements';

/** What drizzle and our migrations use of a PGlite client. */
export type PgliteClient = Pick<PGlite, 'query' | 'exec' | 'transaction'>;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const arrival = new AsyncLocalStorage<number>();
let arrivals = 0;

/**
 * Runs `work` as one unit that arrived now (a request): its statements wait behind those of units that arrived
 * before it, not behind statements queued meanwhile, so a request's wait does not grow with its number of
 * statements. Statements outside any unit (background jobs) rank as arriving when they are queued.
 */
export function inArrivalOrder<T>(work: () => T): T {
  return arrival.run(arrivals++, work);
}

/**
 * PGlite runs every statement synchronously on the main thread, and its queue hands the database from one statement
 * to the next in microtasks. Under load that queue never empties, so the event loop never gets back to I/O: new
 * connections wait in the kernel's accept queue and answers wait in the socket buffers for seconds (the 15-20 s
 * tail under 200 connections), while each request, once read, looks quick. This client admits one statement, or
 * one whole transaction, at a time, and hands over to the next in a later turn of the event loop (setImmediate), so
 * I/O is polled between any two statements. A transaction's own statements each wait a turn too; other work waits
 * until it commits, as it does in PGlite itself. Among waiting statements the earliest arrival goes first
 * (inArrivalOrder). Queries run as statements prepared once (pglite-statements.ts), in a transaction too.
 */
export function takingTurns(client: PGlite): PgliteClient & {
  occupancy(): { total: number; idle: number; waiting: number };
  /** Work on the client itself (a copy of the data folder) in its own turn, between two statements. */
  inTurn<T>(work: () => Promise<T>): Promise<T>;
} {
  const statements = preparedStatements(client);
  /** Sorted by arrival, first come first served among equals. */
  const waiting: { arrived: number; resume: () => void }[] = [];
  let held = false;

  function handOver(): void {
    const next = waiting.shift();
    if (next) next.resume();
    else held = false;
  }

  /** Even a free database is entered in a later turn: run from an I/O callback, it would starve the other sockets. */
  function acquire(): Promise<void> {
    const arrived = arrival.getStore() ?? arrivals;
    let at = waiting.length;
    while (at > 0 && waiting[at - 1]!.arrived > arrived) at--;
    return new Promise((resume) => {
      waiting.splice(at, 0, { arrived, resume });
      if (!held) {
        held = true;
        setImmediate(handOver);
      }
    });
  }

  function release(): void {
    setImmediate(handOver);
  }

  async function exclusive<T>(work: () => Promise<T>): Promise<T> {
    await acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }

  function turnTaking(tx: Transaction): Transaction {
    return {
      ...tx,
      query: ((...args: Parameters<PGlite['query']>) =>
        nextTurn().then(() => statements.query(...args))) as Transaction['query'],
      exec: (...args) => nextTurn().then(() => tx.exec(...args)),
      sql: (...args) => nextTurn().then(() => tx.sql(...args)),
      get closed() {
        return tx.closed;
      },
    } as Transaction;
  }

  return {
    /** PGlite is one connection: in use while a statement or transaction holds it, the rest waiting their turn. */
    occupancy: () => ({ total: 1, idle: held ? 0 : 1, waiting: waiting.length }),
    inTurn: exclusive,
    query: ((...args: Parameters<PGlite['query']>) => exclusive(() => statements.query(...args))) as PGlite['query'],
    exec: (...args) => exclusive(() => client.exec(...args)),
    transaction: (callback) => exclusive(() => client.transaction((tx) => callback(turnTaking(tx)))),
  };
}
