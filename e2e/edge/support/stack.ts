import fs from 'node:fs';
import { startDnsServer, type TestDnsServer } from '@edgeward/testkit';
import { Agent } from './agent';
import { Console, Customer, until } from './console';
import { type CountingOrigin, startCountingOrigin } from './origin';
import { edgeTest } from './ports';

export interface DomainDetail {
  id: number;
  domainName: string;
  cname: string;
  status: string;
}

/**
 * Everything a customer's traffic meets, on loopback: the loopback DNS server the console verifies ownership with,
 * a counting origin, the built console (EDGE=nginx), one edge node (agent and nginx) with an operator-issued
 * credential, and a real-name verified customer signed in through the API.
 */
export interface EdgeStack {
  dns: TestDnsServer;
  origin: CountingOrigin;
  console: Console;
  agent: Agent;
  customer: Customer;
  /** Proves ownership of the name, adds it with the counting origin and waits until the edge reports it applied. */
  addDomain(domainName: string): Promise<DomainDetail>;
  /** Saves a settings piece and waits until the edge reports the new version applied (nginx serves it). */
  save(domainId: number, segment: string, body: unknown): Promise<void>;
  close(): Promise<void>;
}

const password = 'Edge-test-2026';

export async function startEdgeStack(): Promise<EdgeStack> {
  fs.rmSync(edgeTest.dataDir, { recursive: true, force: true });
  fs.rmSync(edgeTest.stateDir, { recursive: true, force: true });
  const dns = await startDnsServer({ port: edgeTest.dnsPort });
  const origin = await startCountingOrigin();
  const console_ = new Console({ DNS_SERVERS: dns.address });
  await console_.start();
  await console_.operator('user', 'create', 'edgecustomer', 'edge-customer@example.com', password);
  await console_.operator('user', 'verify', 'edgecustomer');
  const issued = await console_.operator('edge', 'node', 'add', 'edge-test-1');
  const token = /\b([A-Za-z0-9_-]{32,})\b/.exec(issued)?.[1];
  if (!token) throw new Error(`no token in: ${issued}`);
  const agent = new Agent(token);
  await agent.start();
  const customer = await Customer.login('edgecustomer', password);

  const settled = (domainId: number, what: string) =>
    until(`${what} to be applied by the edge`, async () => {
      const detail = await customer.api<DomainDetail>('GET', `/domain/${domainId}/detail`);
      if (detail.status === 'abnormal') throw new Error(`the edge refused ${what}`);
      return detail.status === 'enabled' ? detail : undefined;
    });

  return {
    dns,
    origin,
    console: console_,
    agent,
    customer,
    async addDomain(domainName) {
      const record = await customer.api<{ name: string; value: string }>(
        'GET',
        `/domain/query-create-verify-record?domainName=${domainName}`,
      );
      dns.setTxt(record.name, [record.value]);
      await customer.api('POST', '/domain/verify-record', { domainName });
      const created = await customer.api<DomainDetail>('POST', '/domain/create', {
        domainName,
        type: 'web',
        origin: { ipOrDomain: ['127.0.0.1'], httpPort: origin.port },
      });
      return settled(created.id, domainName);
    },
    async save(domainId, segment, body) {
      await customer.api('POST', `/domain/config/${domainId}/${segment}`, body);
      await settled(domainId, `the ${segment} change`);
    },
    async close() {
      await agent.stop({ nginx: true });
      await console_.stop();
      await origin.close();
      await dns.close();
    },
  };
}
