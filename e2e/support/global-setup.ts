import { startDnsControl, startDnsServer } from '@edgeward/testkit';
import { e2e } from './env';

/** Runs once in the runner process: the loopback DNS server lives as long as the whole run. */
export default async function globalSetup() {
  const dns = await startDnsServer({ port: e2e.dnsPort });
  const control = await startDnsControl(dns, e2e.dnsControlPort);
  return async () => {
    await dns.close();
    await control.close();
  };
}
