import dgram from 'node:dgram';
import dnsPacket from 'dns-packet';

export const dnsRecordTypes = ['TXT', 'CNAME', 'A', 'AAAA'] as const;
export type DnsRecordType = (typeof dnsRecordTypes)[number];
export interface DnsRecordSet {
  name: string;
  type: DnsRecordType;
  values: string[];
}

export interface TestDnsServer {
  /** `127.0.0.1:<port>`, ready for DNS_SERVERS. */
  address: string;
  port: number;
  /** Replaces the records of one name and type. */
  set(name: string, type: DnsRecordType, values: string[]): void;
  setTxt(name: string, values: string[]): void;
  setA(name: string, ips: string[]): void;
  setAaaa(name: string, ips: string[]): void;
  /** Drops every record of `name`, or every record when no name is given. */
  clear(name?: string): void;
  list(): DnsRecordSet[];
  /** Every question asked so far, as `TYPE name`. */
  queries: string[];
  close(): Promise<void>;
}

const NXDOMAIN = 3;
const ttl = 1;

function normalize(name: string): string {
  return name.toLowerCase().replace(/\.$/, '');
}

function answer(name: string, type: DnsRecordType, value: string): dnsPacket.Answer {
  return type === 'TXT' ? { type, name, ttl, data: [value] } : { type, name, ttl, data: value };
}

/**
 * A tiny authoritative DNS server on loopback (UDP) answering from the records a test sets, as the records a
 * customer adds at their DNS provider would: a name without records answers NXDOMAIN; a name holding a CNAME answers
 * it for any type, as real DNS does; a name asked for a type it lacks answers without records (an origin with only
 * an A record has no AAAA). Port 0 (the default) takes a free one.
 */
export async function startDnsServer(options: { port?: number } = {}): Promise<TestDnsServer> {
  const records = new Map<string, Map<DnsRecordType, string[]>>();
  const queries: string[] = [];

  /** undefined when the name is unknown (NXDOMAIN); an empty list when it exists without that type. */
  function answersFor(question: dnsPacket.Question): dnsPacket.Answer[] | undefined {
    const byType = records.get(normalize(question.name));
    if (!byType) return undefined;
    const type: DnsRecordType = byType.has(question.type as DnsRecordType) ? (question.type as DnsRecordType) : 'CNAME';
    return (byType.get(type) ?? []).map((value) => answer(question.name, type, value));
  }

  const socket = dgram.createSocket('udp4');
  socket.on('message', (message, remote) => {
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
      queries.push(`${question.type} ${question.name}`);
      const found = answersFor(question);
      if (found) known = true;
      answers.push(...(found ?? []));
    }
    const flags =
      dnsPacket.AUTHORITATIVE_ANSWER | (query.flag_rd ? dnsPacket.RECURSION_DESIRED : 0) | (known ? 0 : NXDOMAIN);
    socket.send(
      dnsPacket.encode({ type: 'response', id: query.id, flags, questions, answers }),
      remote.port,
      remote.address,
    );
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = socket.address();

  const set = (name: string, type: DnsRecordType, values: string[]) => {
    const key = normalize(name);
    const byType = records.get(key) ?? new Map<DnsRecordType, string[]>();
    byType.set(type, values.map(String));
    records.set(key, byType);
  };
  return {
    address: `127.0.0.1:${port}`,
    port,
    queries,
    set,
    setTxt: (name, values) => set(name, 'TXT', values),
    setA: (name, ips) => set(name, 'A', ips),
    setAaaa: (name, ips) => set(name, 'AAAA', ips),
    clear(name) {
      if (name === undefined) records.clear();
      else records.delete(normalize(name));
    },
    list: () => [...records].flatMap(([name, byType]) => [...byType].map(([type, values]) => ({ name, type, values }))),
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
