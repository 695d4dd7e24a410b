import pg from 'pg';

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A pg.Pool whose checked-out clients survive PostgreSQL ending their connection (a restart, a failover,
 * pg_terminate_backend). pg.Pool listens for errors on idle clients only: a client held by a transaction gets the
 * server's FATAL or the closed socket as an 'error' event with no listener, which ends the process. Here a held
 * client that loses its connection goes back to the pool at once, with its error, so the pool drops it and opens a
 * new connection for the next caller; the holder's own release afterwards does nothing. That also covers drizzle's
 * transaction, which never releases a client whose BEGIN failed: without it each such client would stay counted as
 * taken until the pool had none left to give.
 *
 * pool.query (the callback form) already handles a lost connection itself and passes through unchanged.
 *
 * Between the pool handing a client over (it stops listening then) and the holder's first turn, the rest of the
 * socket chunk that made the client ready is still parsed: a FATAL in it would reach a client nobody listens to. A
 * client being handed over is listened to until it comes back; the error leaves it unqueryable, so its holder's
 * first query fails as a lost connection and the pool drops it on release.
 */
export class RecoveringPool extends pg.Pool {
  constructor(config?: pg.PoolConfig) {
    super(config);
    this.on('acquire', (client) => client.on('error', lostWhileHandedOver));
    this.on('release', (_error, client) => client.off('error', lostWhileHandedOver));
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    if (!callback) return super.connect().then(releasedWhenLost);
    super.connect(callback);
    return undefined;
  }
}

function lostWhileHandedOver(): void {}

function releasedWhenLost(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const releaseOnce = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('error', releaseOnce);
    release(error);
  };
  client.on('error', releaseOnce);
  client.release = releaseOnce;
  return client;
}
