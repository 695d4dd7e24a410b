import { startDnsControl, startDnsServer, startPebble } from '@edgeward/testkit';
import { e2e } from './env';

/**
 * Runs once in the runner process, after the web server has started: the loopback DNS server and Pebble (the ACME
 * CA, validating through that DNS) live as long as the whole run. The server reaches Pebble only when an
 * application's job runs, so starting it after the server is fine.
 */
export default async function globalSetup() {
  const dns = await startDnsServer({ port: e2e.dnsPort });
  const control = await startDnsControl(dns, e2e.dnsControlPort);
  const pebble = await startPebble({ dnsServer: `127.0.0.1:${e2e.dnsPort}`, ports: e2e.pebble, dir: e2e.pebbleDir });
  return async () => {
    await pebble.close();
    await dns.close();
    await control.close();
  };
}
