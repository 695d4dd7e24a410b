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
  /**
   * Proves ownership of the name, adds it with the counting origin (to the CDN, or to the edge platform) and waits
   * until the edge reports it applied.
   */
  addDomain(domainName: string, variant?: 'cdn' | 'eo'): Promise<DomainDetail>;
  /**
   * Saves a settings piece (`/domain/config/:id/<segment>`, or an edge-platform domain's `/eo/domain/:id/<segment>`)
   * and waits until the edge reports the new version applied (nginx serves it).
   */
  save(domainId: number, segment: string, body: unknown, variant?: 'cdn' | 'eo'): Promise<void>;
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
  // The token is base64url on a line of its own: \b would drop a leading or trailing '-' (1 token in 32).
  const token = /^([A-Za-z0-9_-]{32,})$/m.exec(issued)?.[1];
  if (!token) throw new Error(`no token in: ${issued}`);
  const agent = new Agent(token);
  await agent.start();
  const customer = await Customer.login('edgecustomer', password);

  const detailPath = (domainId: number, variant: 'cdn' | 'eo') =>
    variant === 'eo' ? `/eo/domain/${domainId}` : `/domain/${domainId}/detail`;
  const settled = (domainId: number, what: string, variant: 'cdn' | 'eo') =>
    until(
      `${what} to be applied by the edge`,
      async () => {
        const detail = await customer.api<DomainDetail>('GET', detailPath(domainId, variant));
        if (detail.status === 'abnormal') throw new Error(`the edge refused ${what}`);
        return detail.status === 'enabled' ? detail : undefined;
        // A rollout takes about a second; the margin is for a loaded CI machine.
      },
      30_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\nthe edge agent said:\n${agent.output}`);
    });

  return {
    dns,
    origin,
    console: console_,
    agent,
    customer,
    async addDomain(domainName, variant = 'cdn') {
      const record = await customer.api<{ name: string; value: string }>(
        'GET',
        `/domain/query-create-verify-record?domainName=${domainName}`,
      );
      dns.setTxt(record.name, [record.value]);
      await customer.api('POST', '/domain/verify-record', { domainName });
      const created = await customer.api<DomainDetail>('POST', variant === 'eo' ? '/eo/domain' : '/domain/create', {
        domainName,
        type: 'web',
        origin: { ipOrDomain: ['127.0.0.1'], httpPort: origin.port },
      });
      return settled(created.id, domainName, variant);
    },
    async save(domainId, segment, body, variant = 'cdn') {
      const path = variant === 'eo' ? `/eo/domain/${domainId}/${segment}` : `/domain/config/${domainId}/${segment}`;
      await customer.api('POST', path, body);
      await settled(domainId, `the ${segment} change`, variant);
    },
    async close() {
      await agent.stop({ nginx: true });
      await console_.stop();
      await origin.close();
      await dns.close();
    },
  };
}
