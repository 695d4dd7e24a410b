import { forwardOps, opsSocketPath } from '../../apps/server/src/ops/ops-socket-client';
import { e2e } from './env';

/**
 * An operator command (`npm run ops -- <argv>`) run by the e2e server, which holds the embedded database: sent over
 * its operator socket with the client the command line itself uses, without starting a process per command.
 * Answers what it printed; a failing command throws with its error output.
 */
export async function operator(...argv: string[]): Promise<string> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await forwardOps(
    opsSocketPath(e2e.dataDir),
    argv,
    (line) => out.push(line),
    (line) => err.push(line),
  );
  if (code !== 0) {
    const why = code === undefined ? 'no server on the operator socket' : `exit ${code}`;
    throw new Error(`ops ${argv.join(' ')}: ${why}\n${err.join('\n')}`);
  }
  return out.join('\n');
}
