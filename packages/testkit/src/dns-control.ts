import http from 'node:http';
import { type DnsRecordType, dnsRecordTypes, type TestDnsServer } from './dns-server';

/**
 * An HTTP control API for a test DNS server that lives in another process (the browser tests' global set-up) than
 * the tests that publish records:
 *   PUT    /records  {"name": "_verify.example.test", "type": "TXT", "values": ["token"]}  replaces name+type
 *   DELETE /records?name=example.test                                                   drops a name (all if absent)
 *   GET    /records                                                                     lists everything
 */
export async function startDnsControl(
  dns: TestDnsServer,
  port: number,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname !== '/records') return reply(404, { error: 'not found' });
    if (request.method === 'GET') return reply(200, dns.list());
    if (request.method === 'DELETE') {
      dns.clear(url.searchParams.get('name') || undefined);
      return reply(200, { ok: true });
    }
    if (request.method !== 'PUT') return reply(405, { error: 'method not allowed' });
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      let set: { name?: unknown; type?: unknown; values?: unknown };
      try {
        set = JSON.parse(body);
      } catch {
        return reply(400, { error: 'invalid JSON' });
      }
      if (
        typeof set.name !== 'string' ||
        !set.name ||
        !dnsRecordTypes.includes(set.type as DnsRecordType) ||
        !Array.isArray(set.values)
      ) {
        return reply(400, { error: `expected {name, type: ${dnsRecordTypes.join('|')}, values: string[]}` });
      }
      dns.set(set.name, set.type as DnsRecordType, set.values.map(String));
      reply(200, { ok: true });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}/records`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The client side of the control API at `url` (…/records). */
export function dnsControlClient(url: string) {
  async function check(response: Response): Promise<void> {
    if (!response.ok) throw new Error(`test DNS: ${response.status} ${await response.text()}`);
  }
  return {
    /** Publishes (replaces) the records of one name and type. */
    async set(name: string, type: DnsRecordType, values: string[]): Promise<void> {
      await check(
        await fetch(url, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name, type, values }),
        }),
      );
    },
    /** Removes every record of `name`, or every record when no name is given. */
    async clear(name?: string): Promise<void> {
      await check(await fetch(`${url}${name ? `?name=${encodeURIComponent(name)}` : ''}`, { method: 'DELETE' }));
    },
  };
}
