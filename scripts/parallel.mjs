// Runs independent checks side by side (two cores: the quick ones overlap the typecheck). With several checks, each
// one's output is printed whole once it is done, so that their lines never interleave; a single check streams.
import { spawn } from 'node:child_process';
import { root } from './build-state.mjs';

/**
 * @param {Array<[name: string, command: string, args: string[], env?: NodeJS.ProcessEnv]>} checks
 * @param {{ stream?: boolean }} [options]
 * @returns {Promise<Array<{ name: string, ok: boolean, seconds: string }>>}
 */
export async function runInParallel(checks, { stream = false } = {}) {
  const runs = checks.map(([name, command, args, env]) => {
    const started = Date.now();
    console.log(`--- ${name}: ${command} ${args.join(' ')}`);
    return new Promise((resolve) => {
      const child = spawn(command, args, { cwd: root, env: env ?? process.env, stdio: stream ? 'inherit' : 'pipe' });
      let output = '';
      const keep = (chunk) => {
        output += chunk;
      };
      child.stdout?.on('data', keep);
      child.stderr?.on('data', keep);
      child.on('close', (code, signal) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        resolve({ name, output, ok: code === 0, exit: code ?? signal, seconds });
      });
    });
  });
  const results = [];
  for (const run of runs) {
    const result = await run;
    if (!stream) {
      console.log(`\n--- ${result.name} (${result.seconds}s)`);
      process.stdout.write(result.output);
    }
    console.log(`--- ${result.ok ? 'passed' : `FAILED (exit ${result.exit})`}: ${result.name} in ${result.seconds}s`);
    results.push({ name: result.name, ok: result.ok, seconds: result.seconds });
  }
  return results;
}
