import { Resolver } from 'node:dns/promises';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dnsControlClient, startDnsControl } from './dns-control';
import { startDnsServer, type TestDnsServer } from './dns-server';
import { closedPort, startOrigin } from './origin';

describe('test DNS server', () => {
  let dns: TestDnsServer;
  let resolver: Resolver;
  beforeAll(async () => {
    dns = await startDnsServer();
    resolver = new Resolver({ timeout: 1000, tries: 1 });
    resolver.setServers([dns.address]);
  });
  afterAll(() => dns.close());

  it('answers the records a test sets, names compared without case or final dot', async () => {
    dns.setTxt('_verify.Example.test.', ['token-1', 'other']);
    dns.setA('origin.example.test', ['127.0.0.1', '127.0.0.2']);
    dns.setAaaa('origin.example.test', ['::1']);
    expect(await resolver.resolveTxt('_verify.example.test')).toEqual([['token-1'], ['other']]);
    expect(await resolver.resolve4('ORIGIN.example.test')).toEqual(['127.0.0.1', '127.0.0.2']);
    expect(await resolver.resolve6('origin.example.test')).toEqual(['::1']);
    expect(dns.queries).toContain('TXT _verify.example.test');
  });

  it('answers NXDOMAIN for an unknown name and no records for a type the name lacks', async () => {
    dns.setA('only-a.example.test', ['127.0.0.1']);
    await expect(resolver.resolve4('nowhere.example.test')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await expect(resolver.resolve6('only-a.example.test')).rejects.toMatchObject({ code: 'ENODATA' });
  });

  it('answers a CNAME for any type asked of its name', async () => {
    dns.set('www.example.test', 'CNAME', ['edge.cdn.test']);
    expect(await resolver.resolveCname('www.example.test')).toEqual(['edge.cdn.test']);
    expect(dns.list()).toContainEqual({ name: 'www.example.test', type: 'CNAME', values: ['edge.cdn.test'] });
  });

  it('forgets one name, or everything', async () => {
    dns.setA('a.example.test', ['127.0.0.1']);
    dns.setA('b.example.test', ['127.0.0.1']);
    dns.clear('A.example.test');
    await expect(resolver.resolve4('a.example.test')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    expect(await resolver.resolve4('b.example.test')).toEqual(['127.0.0.1']);
    dns.clear();
    expect(dns.list()).toEqual([]);
  });
});

describe('test DNS control API', () => {
  it('publishes and removes records for a server in another process', async () => {
    const dns = await startDnsServer();
    const control = await startDnsControl(dns, await closedPort());
    try {
      const client = dnsControlClient(control.url);
      await client.set('_verify.example.test', 'TXT', ['token']);
      await client.set('origin.example.test', 'A', ['127.0.0.1']);
      expect(dns.list()).toEqual([
        { name: '_verify.example.test', type: 'TXT', values: ['token'] },
        { name: 'origin.example.test', type: 'A', values: ['127.0.0.1'] },
      ]);
      expect(await (await fetch(control.url)).json()).toEqual(dns.list());
      await client.clear('_verify.example.test');
      expect(dns.list()).toEqual([{ name: 'origin.example.test', type: 'A', values: ['127.0.0.1'] }]);
      await client.clear();
      expect(dns.list()).toEqual([]);
      await expect(client.set('x.example.test', 'MX' as 'A', ['mail'])).rejects.toThrow(/test DNS: 400/);
      const bad = await fetch(control.url, { method: 'PUT', body: '{' });
      expect(bad.status).toBe(400);
    } finally {
      await control.close();
      await dns.close();
    }
  });
});

describe('test origin', () => {
  it('answers every request and remembers its Host header', async () => {
    const origin = await startOrigin();
    try {
      // fetch() sets Host itself; an origin check names the customer's domain in it.
      const body = await new Promise<string>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port: origin.port, headers: { host: 'www.example.test' } }, (response) => {
            let text = '';
            response.on('data', (chunk) => {
              text += chunk;
            });
            response.on('end', () => resolve(text));
          })
          .on('error', reject);
      });
      expect(body).toBe('origin ok');
      expect(origin.hosts).toEqual(['www.example.test']);
    } finally {
      await origin.close();
    }
  });

  it('finds a port nothing listens on', async () => {
    const port = await closedPort();
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });
});
