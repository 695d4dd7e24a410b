import dgram from 'node:dgram';
import http from 'node:http';
import dnsPacket from 'dns-packet';
import { e2e } from './env';

/**
 * A loopback DNS server for the domain tests: the app under test resolves through it (DNS_SERVERS), and tests
 * publish the TXT and CNAME records a customer would add at their DNS provider, and the A records of origin names,
 * through a small HTTP control API:
 *   PUT    /records  {"name": "_verify.example.test", "type": "TXT", "values": ["token"]}  replaces name+type
 *   DELETE /records?name=example.test                                                   drops a name (all if absent)
 *   GET    /records                                                                     lists everything
 * A name without records answers NXDOMAIN; a name holding a CNAME answers it for any type, as real DNS does; a
 * name asked for a type it lacks answers without records (an origin with only an A record has no AAAA).
 */
export const dnsRecordTypes = ['TXT', 'CNAME', 'A', 'AAAA'] as const;
export type DnsRecordType = (typeof dnsRecordTypes)[number];
export interface DnsRecordSet {
  name: string;
  type: DnsRecordType;
  values: string[];
}

const NXDOMAIN = 3;
const ttl = 1;

function normalize(name: string): string {
  return name.toLowerCase().replace(/\.$/, '');
}

export interface DnsServer {
  close(): Promise<void>;
}

export async function startDnsServer(options: { dnsPort: number; controlPort: number }): Promise<DnsServer> {
  const records = new Map<string, Map<DnsRecordType, string[]>>();

  function answer(name: string, type: DnsRecordType, value: string): dnsPacket.Answer {
    return type === 'TXT' ? { type, name, ttl, data: [value] } : { type, name, ttl, data: value };
  }

  /** undefined when the name is unknown (NXDOMAIN); an empty list when it exists without that type. */
  function answersFor(question: dnsPacket.Question): dnsPacket.Answer[] | undefined {
    const byType = records.get(normalize(question.name));
    if (!byType) return undefined;
    const type: DnsRecordType = byType.has(question.type as DnsRecordType) ? (question.type as DnsRecordType) : 'CNAME';
    return (byType.get(type) ?? []).map((value) => answer(question.name, type, value));
  }

  const udp = dgram.createSocket('udp4');
  udp.on('message', (message, remote) => {
    let query: dnsPacket.DecodedPacket;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const questions = query.questions ?? [];
    const answers: dnsPacket.Answer[] = [];
    let known = false;
    for (const question of questions) {
      const found = answersFor(question);
      if (found) known = true;
      answers.push(...(found ?? []));
    }
    const flags =
      dnsPacket.AUTHORITATIVE_ANSWER | (query.flag_rd ? dnsPacket.RECURSION_DESIRED : 0) | (known ? 0 : NXDOMAIN);
    const response = dnsPacket.encode({ type: 'response', id: query.id, flags, questions, answers });
    udp.send(response, remote.port, remote.address);
  });
  await new Promise<void>((resolve, reject) => {
    udp.once('error', reject);
    udp.bind(options.dnsPort, '127.0.0.1', () => resolve());
  });

  const control = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname !== '/records') return reply(404, { error: 'not found' });
    if (request.method === 'GET') {
      const list: DnsRecordSet[] = [];
      for (const [name, byType] of records) {
        for (const [type, values] of byType) list.push({ name, type, values });
      }
      return reply(200, list);
    }
    if (request.method === 'DELETE') {
      const name = url.searchParams.get('name');
      if (name) records.delete(normalize(name));
      else records.clear();
      return reply(200, { ok: true });
    }
    if (request.method === 'PUT') {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        try {
          const set = JSON.parse(body) as DnsRecordSet;
          if (!set.name || !dnsRecordTypes.includes(set.type) || !Array.isArray(set.values)) {
            return reply(400, { error: `expected {name, type: ${dnsRecordTypes.join('|')}, values: string[]}` });
          }
          const name = normalize(set.name);
          const byType = records.get(name) ?? new Map<DnsRecordType, string[]>();
          byType.set(set.type, set.values.map(String));
          records.set(name, byType);
          reply(200, { ok: true });
        } catch {
          reply(400, { error: 'invalid JSON' });
        }
      });
      return;
    }
    reply(405, { error: 'method not allowed' });
  });
  await new Promise<void>((resolve, reject) => {
    control.once('error', reject);
    control.listen(options.controlPort, '127.0.0.1', () => resolve());
  });

  return {
    async close() {
      await new Promise<void>((resolve) => udp.close(() => resolve()));
      await new Promise<void>((resolve) => control.close(() => resolve()));
    },
  };
}

const controlUrl = `http://127.0.0.1:${e2e.dnsControlPort}/records`;

/** Publishes (replaces) the records of one name and type in the e2e DNS server. */
export async function setDnsRecords(name: string, type: DnsRecordType, values: string[]): Promise<void> {
  const response = await fetch(controlUrl, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, type, values }),
  });
  if (!response.ok) throw new Error(`e2e DNS: ${response.status} ${await response.text()}`);
}

/** Removes every record of `name`, or every record when no name is given. */
export async function clearDnsRecords(name?: string): Promise<void> {
  const query = name ? `?name=${encodeURIComponent(name)}` : '';
  const response = await fetch(`${controlUrl}${query}`, { method: 'DELETE' });
  if (!response.ok) throw new Error(`e2e DNS: ${response.status} ${await response.text()}`);
}
