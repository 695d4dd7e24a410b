import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import type { AreaContext } from '../modules/area';
import { type OpsCommand, runOps } from './ops';

/**
 * PGlite admits one process, so while the server holds the data folder `npm run ops` cannot open it. The server
 * therefore takes operator commands itself over a Unix socket in the data folder: only the account that owns the
 * folder (and could read the database files anyway) can connect (mode 0600). Each connection carries one command
 * line as JSON and gets its output lines back, then the exit code.
 */
export const opsSocketName = 'ops.sock';

export function opsSocketPath(dataDir: string): string {
  return path.join(dataDir, opsSocketName);
}

type Frame = { out: string } | { err: string } | { exit: number };

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

/**
 * Sends one command line to the server holding the data folder. Resolves the exit code, or undefined when no
 * server listens there (nothing was run).
 */
export function forwardOps(
  socketPath: string,
  argv: string[],
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    let connected = false;
    let exit: number | undefined;
    socket.once('connect', () => {
      connected = true;
      // Read only once connected: readline rethrows the socket's errors, and a refused connect is an answer here.
      const lines = readline.createInterface({ input: socket });
      // The socket's own handlers below settle the answer; readline would rethrow the same error.
      lines.on('error', () => undefined);
      lines.on('line', (line) => {
        const frame = JSON.parse(line) as Frame;
        if ('out' in frame) out(frame.out);
        else if ('err' in frame) err(frame.err);
        else exit = frame.exit;
      });
      socket.write(`${JSON.stringify({ argv })}\n`);
    });
    socket.on('error', () => {
      if (!connected) resolve(undefined);
    });
    socket.on('close', () => resolve(connected ? (exit ?? 1) : undefined));
  });
}
