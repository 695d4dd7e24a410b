import pg from 'pg';

/**
 * LISTEN on PostgreSQL over a connection of its own, outside the pool, held as long as the listener lives. A lost
 * connection (a restart, a terminated backend) is opened again every `retryMs` until it succeeds; `onNotify` then
 * runs once, since notifications sent meanwhile are gone. Answers how to stop listening; the first connection's
 * failure is thrown.
 */
export async function listenOnPostgres(
  connectionString: string,
  channel: string,
  onNotify: () => void,
  retryMs = 1000,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;

  async function open(): Promise<void> {
    const next = new pg.Client({ connectionString });
    next.on('error', () => {});
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await next.end();
      return;
    }
    next.on('end', () => {
      if (client === next && !stopped) reopen();
    });
    client = next;
  }

  function reopen(): void {
    client = undefined;
    retry = setTimeout(() => {
      open().then(
        () => {
          if (!stopped) onNotify();
        },
        () => {
          if (!stopped) reopen();
        },
      );
    }, retryMs);
    retry.unref();
  }

  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end();
  };
}
