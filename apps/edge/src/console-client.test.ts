import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleError, createConsoleClient } from './console-client';

// A console answering by path (ports 18140-18141), for the envelope's cases the fake console never produces.
const PORT = 18140;
const CLOSED = 18141;
let server: http.Server;
const seen: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.headers);
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.url === '/api/edge/agent/register') {
      return json(401, { code: 401, message: 'Unauthorized edge node', data: null, error: 'UNAUTHORIZED' });
    }
    if (req.url?.startsWith('/api/edge/agent/feed')) return res.writeHead(502).end('<html>Bad Gateway</html>');
    if (req.url === '/api/edge/agent/reports') return json(200, { code: 200, message: 'ok', data: { accepted: 2 } });
    return json(200, { code: 200, message: 'ok', data: { unexpected: true } });
  });
  await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = createConsoleClient({ baseUrl: `http://127.0.0.1:${PORT}`, token: 'node-token' });

describe('the console client', () => {
  it('unwraps the envelope and sends the node token', async () => {
    await expect(client.reports([{ domainId: 1, version: 1, result: 'applied' }])).resolves.toEqual({ accepted: 2 });
    expect(seen.at(-1)?.authorization).toBe('Bearer node-token');
  });

  it("names the console's error, or what came instead of an envelope", async () => {
    const refused = client.register({ hostname: 'h', agentVersion: '1', nginxVersion: '' });
    await expect(refused).rejects.toThrow(/UNAUTHORIZED Unauthorized edge node/);
    await expect(refused).rejects.toMatchObject({ status: 401 });
    await expect(client.feed(0, null, 0)).rejects.toThrow(/HTTP 502, not JSON/);
    await expect(client.cacheReport({ taskId: 1, results: [] })).rejects.toThrow(/unexpected answer/);
  });

  it('tells a console that cannot be reached (status 0)', async () => {
    const down = createConsoleClient({ baseUrl: `http://127.0.0.1:${CLOSED}`, token: 't' });
    const failure = await down.feed(3, 2, 0).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConsoleError);
    expect(failure).toMatchObject({ status: 0, message: expect.stringMatching(/ECONNREFUSED/) });
  });
});
