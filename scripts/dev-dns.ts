// `npm run dev:dns`: a DNS server and an origin on this machine, so the add-domain flow can be walked to its end
// without a real DNS provider. The console asks this server for the ownership TXT record (DNS_SERVERS), and the
// origin answers the console's origin check. Records are published from a second terminal:
//   npm run dev:dns -- set TXT <name> <value>     (also A, AAAA, CNAME; several values allowed)
//   npm run dev:dns -- list | clear [name]
import http from 'node:http';
import { type DnsRecordType, dnsRecordTypes, startDnsControl, startDnsServer } from '@edgeward/testkit';

const dnsPort = Number(process.env.DEV_DNS_PORT ?? 5300);
const controlPort = Number(process.env.DEV_DNS_CONTROL_PORT ?? dnsPort + 1);
const originPort = Number(process.env.DEV_ORIGIN_PORT ?? 8090);
const controlUrl = `http://127.0.0.1:${controlPort}/records`;
/** The web form refuses internal addresses as origins, so the local origin is offered by a name. */
const originName = 'origin.example.org';

const usage = `Usage:
  npm run dev:dns                               start the local DNS server (127.0.0.1:${dnsPort}) and origin (${originName}:${originPort})
  npm run dev:dns -- set <TXT|A|AAAA|CNAME> <name> <value> [value...]
  npm run dev:dns -- list
  npm run dev:dns -- clear [name]`;

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
    console.error(`The local DNS server does not answer at ${controlUrl} (${reason}). Start it: npm run dev:dns`);
    process.exit(1);
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
  console.log(`Local DNS server at 127.0.0.1:${dnsPort}, local origin at http://${originName}:${originPort} (127.0.0.1)

1. Start the console against them (another terminal):
     DNS_SERVERS=127.0.0.1:${dnsPort} ALLOW_PRIVATE_ORIGINS=true npm start
2. In Domains > Add domain, enter a name (www.example.org), origin ${originName}, HTTP port ${originPort}.
3. Publish the TXT record the console shows, from a third terminal:
     npm run dev:dns -- set TXT _edgeward-verify.example.org edgeward-verify=...
4. Click Verify, then finish the steps. Ctrl-C stops this server.`);
  const stop = async () => {
    await Promise.all([dns.close(), controlServer.close(), new Promise((r) => origin.close(r))]);
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
