import type { APIRequestContext } from '@playwright/test';
import { e2e } from './env';

/**
 * Runs `npm run ops -- <argv>` inside the e2e server (the test-only route behind TEST_OPS_KEY): the operator's side
 * of a flow (replying to a ticket, publishing a notice) on the database the server holds open. Fails on a non-zero
 * exit code with what the command printed.
 */
export async function runOps(request: APIRequestContext, ...argv: string[]): Promise<string> {
  const response = await request.post('/api/test/ops', { headers: { 'x-test-ops-key': e2e.opsKey }, data: { argv } });
  const result = (await response.json()) as { code: number; out: string; err: string };
  if (result.code !== 0) throw new Error(`ops ${argv.join(' ')}: exit ${result.code}\n${result.err}`);
  return result.out;
}
