// `npm run dev:dns`: a DNS server, an origin and (with Debian's pebble installed) an ACME CA on this machine, so the
// add-domain flow and a certificate application can be walked to their end without a real DNS provider or CA. The
// console asks this server for the TXT records (DNS_SERVERS), the origin answers the console's origin check, and
// Pebble validates DNS-01 challenges through this server. Records are published from a second terminal:
//   npm run dev:dns -- set TXT <name> <value>     (also A, AAAA, CNAME; several values allowed)
//   npm run dev:dns -- list | clear [name]
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  type DnsRecordType,
  dnsRecordTypes,
  startDnsControl,
  startDnsServer,
  startPebble,
  type TestPebble,
} from '@edgeward/testkit';

const dnsPort = Number(process.env.DEV_DNS_PORT ?? 5300);
const controlPort = Number(process.env.DEV_DNS_CONTROL_PORT ?? dnsPort + 1);
const originPort = Number(process.env.DEV_ORIGIN_PORT ?? 8090);
const controlUrl = `http://127.0.0.1:${controlPort}/records`;
/** The web form refuses internal addresses as origins, so the local origin is offered by a name. */
const originName = 'origin.example.org';
const acmePort = Number(process.env.DEV_ACME_PORT ?? 14000);
/** Pebble's files (its CA among them) stay between runs, so a console started once keeps trusting it. */
const pebbleDir = path.resolve(process.env.DEV_ACME_DIR ?? 'data/dev-pebble');

/**
 * This script run again with the same ports: the settings that moved a port from its default come first, or the
 * command would look for the server where it is not.
 */
function devDns(args: string): string {
  const settings = ['DEV_DNS_PORT', 'DEV_DNS_CONTROL_PORT']
    .filter((name) => process.env[name] !== undefined)
    .map((name) => `${name}=${process.env[name]} `)
    .join('');
  return `${settings}npm run dev:dns${args ? ` -- ${args}` : ''}`;
}

const usage = `Usage:
  ${devDns('')}   start the local DNS server (127.0.0.1:${dnsPort}), origin (${originName}:${originPort}) and ACME CA (127.0.0.1:${acmePort})
  ${devDns('set <TXT|A|AAAA|CNAME> <name> <value> [value...]')}
  ${devDns('list')}
  ${devDns('clear [name]')}`;

async function control(method: string, query = '', body?: unknown): Promise<unknown> {
  try {
    const response = await fetch(`${controlUrl}${query}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : undefined,
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = await response.json();
    if (!response.ok) throw new Error((answer as { error?: string }).error ?? `HTTP ${response.status}`);
    return answer;
  } catch (error) {
    const reason = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    console.error(`The local DNS server does not answer at ${controlUrl} (${reason}). Start it: ${devDns('')}`);
    process.exit(1);
  }
}

/** Debian's Pebble on fixed ports, or null (and why) when it is not installed or does not start. */
async function startLocalCa(): Promise<TestPebble | string> {
  if (!fs.existsSync('/usr/bin/pebble')) return 'Pebble is not installed (apt-get install pebble)';
  try {
    return await startPebble({
      dnsServer: `127.0.0.1:${dnsPort}`,
      dir: pebbleDir,
      ports: { listen: acmePort, management: acmePort + 1, http: acmePort + 2, tls: acmePort + 3 },
    });
  } catch (error) {
    return `Pebble did not start: ${(error as Error).message.split('\n')[0]}`;
  }
}

async function serve(): Promise<void> {
  const dns = await startDnsServer({ port: dnsPort });
  const controlServer = await startDnsControl(dns, controlPort);
  const origin = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('Edgeward local origin\n');
  });
  await new Promise<void>((resolve) => origin.listen(originPort, '127.0.0.1', resolve));
  dns.setA(originName, ['127.0.0.1']);
  const ca = await startLocalCa();
  const acme = typeof ca === 'string' ? '' : ` ACME_DIRECTORY_URL=${ca.directoryUrl} ACME_CA_FILE=${ca.caFile}`;
  console.log(`Local DNS server at 127.0.0.1:${dnsPort}, local origin at http://${originName}:${originPort} (127.0.0.1)
${typeof ca === 'string' ? `No local ACME CA: ${ca}; the certificate walk-through needs it.` : `Local ACME CA (Pebble) at ${ca.directoryUrl}`}

1. Start the console against them (another terminal):
     DNS_SERVERS=127.0.0.1:${dnsPort} ALLOW_PRIVATE_ORIGINS=true${acme} npm start
2. In Domains > Add domain, enter a name (www.example.org), origin ${originName}, HTTP port ${originPort}.
3. Publish the TXT record the console shows, from a third terminal:
     ${devDns('set TXT _edgeward-verify.example.org edgeward-verify=...')}
4. Click Verify, then finish the steps.${
    typeof ca === 'string'
      ? ''
      : `
5. For a certificate: Certificates > Certificate applications > Apply, for www.example.org. Publish the record the
   application shows, then click Verify; Pebble issues the certificate within seconds:
     ${devDns('set TXT _acme-challenge.www.example.org <value shown>')}`
  }
Ctrl-C stops ${typeof ca === 'string' ? 'both servers' : 'all three servers'}.`);
  const stop = async () => {
    await Promise.all([
      dns.close(),
      controlServer.close(),
      new Promise((r) => origin.close(r)),
      typeof ca === 'string' ? undefined : ca.close(),
    ]);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

const [command, ...rest] = process.argv.slice(2);
if (!command) {
  await serve();
} else if (command === 'set') {
  const [type, name, ...values] = rest;
  const upper = type?.toUpperCase() as DnsRecordType;
  if (!dnsRecordTypes.includes(upper) || !name || values.length === 0) {
    console.error(usage);
    process.exit(2);
  }
  await control('PUT', '', { name, type: upper, values });
  console.log(`${upper} ${name} = ${values.join(', ')}`);
} else if (command === 'list') {
  const records = (await control('GET')) as { name: string; type: string; values: string[] }[];
  for (const r of records) console.log(`${r.type.padEnd(5)} ${r.name}  ${r.values.join(', ')}`);
  if (records.length === 0) console.log('(no records)');
} else if (command === 'clear') {
  await control('DELETE', rest[0] ? `?name=${encodeURIComponent(rest[0])}` : '');
  console.log(rest[0] ? `cleared ${rest[0]}` : 'cleared every record');
} else {
  console.error(usage);
  process.exit(2);
}
