import dgram from 'node:dgram';
import { startDnsServer, type TestDnsServer } from '@edgeward/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDnsLookup } from './resolver';

describe('DNS lookup', () => {
  let dns: TestDnsServer;
  beforeAll(async () => {
    dns = await startDnsServer();
    dns.setTxt('_edgeward-verify.example.com', ['edgeward-verify=abc', 'other']);
    dns.setA('origin.example.com', ['93.184.216.34']);
    dns.setAaaa('origin.example.com', ['2001:db8::1']);
    dns.setA('empty.example.com', []);
  });
  afterAll(() => dns.close());

  it('reads TXT records and addresses from the configured server', async () => {
    const lookup = createDnsLookup([dns.address]);
    expect(await lookup.txt('_edgeward-verify.example.com')).toEqual(['edgeward-verify=abc', 'other']);
    expect((await lookup.addresses('origin.example.com')).sort()).toEqual(['2001:db8::1', '93.184.216.34']);
    expect(dns.queries).toContain('TXT _edgeward-verify.example.com');
  });

  it('answers empty for a missing name or a name without the record', async () => {
    const lookup = createDnsLookup([dns.address]);
    expect(await lookup.txt('nothing.example.com')).toEqual([]);
    expect(await lookup.txt('empty.example.com')).toEqual([]);
    expect(await lookup.addresses('nothing.example.com')).toEqual([]);
  });

  it('throws when the server does not answer, so "could not ask" differs from "no record"', async () => {
    const silent = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
    const lookup = createDnsLookup([`127.0.0.1:${silent.address().port}`], 200);
    await expect(lookup.txt('example.com')).rejects.toThrow();
    silent.close();
  });
});
