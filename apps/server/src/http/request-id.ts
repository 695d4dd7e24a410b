import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What a request id from a caller or proxy may look like: it lands in logs and in a response header. */
const safeRequestId = /^[A-Za-z0-9._:-]{1,64}$/;

/** The caller's X-Request-Id when it is a safe token (so a proxy's id links both logs), otherwise a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && safeRequestId.test(given) ? given : randomUUID();
}
