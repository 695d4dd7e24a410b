import { startDnsServer } from './dns-server';
import { e2e } from './env';

/** Runs once in the runner process: the loopback DNS server lives as long as the whole run. */
export default async function globalSetup() {
  const dns = await startDnsServer({ dnsPort: e2e.dnsPort, controlPort: e2e.dnsControlPort });
  return () => dns.close();
}
