import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';

// The operator command line's side of the operator socket (ops-socket.ts), kept free of the server's modules so
// that a client (the ops CLI, the browser tests) loads nothing else.

const opsSocketName = 'ops.sock';

export function opsSocketPath(dataDir: string): string {
  return path.join(dataDir, opsSocketName);
}

/** One line of the socket's answer: a line printed, an error line, or the exit code (last). */
export type Frame = { out: string } | { err: string } | { exit: number };

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
