import fs from 'node:fs';
import net from 'node:net';
import readline from 'node:readline';
import type { AreaContext } from '../modules/area';
import { type OpsCommand, runOps } from './ops';
import type { Frame } from './ops-socket-client';

/**
 * PGlite admits one process, so while the server holds the data folder `npm run ops` cannot open it. The server
 * therefore takes operator commands itself over a Unix socket in the data folder: only the account that owns the
 * folder (and could read the database files anyway) can connect (mode 0600). Each connection carries one command
 * line as JSON and gets its output lines back, then the exit code.
 */

export interface OpsSocket {
  readonly path: string;
  close(): Promise<void>;
}

/** Serves operator commands on `socketPath` with the server's own database, providers and job runner. */
export async function serveOps(
  ctx: Pick<AreaContext, 'config' | 'database' | 'providers' | 'now'>,
  commands: readonly OpsCommand[],
  socketPath: string,
): Promise<OpsSocket> {
  // A socket file left by a killed server would refuse the bind; the data folder's lock says no one else runs.
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    const send = (frame: Frame) => socket.write(`${JSON.stringify(frame)}\n`);
    const lines = readline.createInterface({ input: socket });
    lines.once('line', (line) => {
      lines.close();
      void (async () => {
        let code = 1;
        try {
          const argv = parseArgv(line);
          code = await runOps(commands, argv, { ...ctx, out: (text) => send({ out: text }) }, (text) =>
            send({ err: text }),
          );
        } catch (error) {
          send({ err: `Error: ${error instanceof Error ? error.message : String(error)}` });
        }
        socket.end(`${JSON.stringify({ exit: code } satisfies Frame)}\n`);
      })();
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  fs.chmodSync(socketPath, 0o600);
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

function parseArgv(line: string): string[] {
  const value = JSON.parse(line) as { argv?: unknown };
  if (!Array.isArray(value.argv) || !value.argv.every((a) => typeof a === 'string')) {
    throw new Error('a command line is a list of strings');
  }
  return value.argv;
}
