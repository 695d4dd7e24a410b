import { describe, expect, it } from 'vitest';
import { domainPrefix } from './domain';
import { goldenCases, goldenOptions } from './golden-cases';
import { renderDomain, renderMainConfig } from './render';

const cases = new Map(goldenCases().map((c) => [c.name, c.snapshot]));
const render = (name: string) => renderDomain(cases.get(name)!, goldenOptions);

describe('renderDomain files', () => {
  it('renders nothing for a disabled domain', () => {
    expect(render('disabled')).toEqual([]);
  });

  it('writes the certificate and its private key in one file only its owner reads, named as the server', () => {
    const snapshot = cases.get('https-http2-force')!;
    const files = render('https-http2-force').filter((file) => file.dir === 'certs');
    expect(files).toEqual([
      {
        dir: 'certs',
        path: 'https-http2-force.example.com.pem',
        content: `${snapshot.config!.httpsConfig.certificatePem}${snapshot.config!.httpsConfig.privateKeyPem}`,
        mode: 0o600,
        tls: true,
      },
    ]);
    const conf = render('https-http2-force')[0]!.content;
    expect(conf).toMatch(/^ {4}server_name https-http2-force\.example\.com /m);
    expect(conf).not.toMatch(/ssl_certificate/);
  });

  it('serves no TLS while HTTPS is on without a certificate', () => {
    const files = render('https-without-certificate');
    expect(files.map((file) => file.path)).toEqual(['107.conf']);
    expect(files[0]!.content).not.toMatch(/listen 443|ssl_certificate/);
  });

  it('hands the agent an empty capped-address list to create once', () => {
    expect(render('eo-bandwidth').find((file) => file.path.endsWith('.geo'))).toEqual({
      dir: 'domains',
      path: '125-capped.geo',
      content: '',
      initialOnly: true,
    });
  });

  it("keys the cache, the origin's Host and the log by the domain, not by the name asked for (its CNAME host name)", () => {
    const main = renderMainConfig(goldenOptions);
    expect(main).toMatch(/map \$server_name \$ew_site \{\s+default \$server_name;\s+"~\^\\\*\\\." \$host;\s+\}/);
    expect(main).toContain('proxy_set_header Host $ew_site;');
    expect(main).toContain('"domain":"$server_name"');
    const snapshot = cases.get('origin-ip-follow')!;
    const conf = render('origin-ip-follow')[0]!.content;
    expect(conf).toContain(`server_name ${snapshot.domainName} ${snapshot.cname};`);
    const keys = [...conf.matchAll(/proxy_cache_key "([^"]*)";/g)].map((m) => m[1]);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).toMatch(/^\$ew_site\$uri/);
    expect(conf).not.toContain('$host$uri');
    // An HTTPS origin without a Host of its own is asked for the domain's name in TLS too.
    expect(render('https-http2-force')[0]!.content).toContain('proxy_ssl_name $ew_site;');
  });

  it('names every http-level declaration after the domain, upstreams starting with its id', () => {
    for (const [name, snapshot] of cases) {
      const conf = renderDomain(snapshot, goldenOptions).find((file) => file.path.endsWith('.conf'))?.content ?? '';
      const declared = (pattern: RegExp) => [...conf.matchAll(pattern)].map((m) => m[1]);
      for (const variable of declared(/^(?:map \S+|geo|limit_req_zone \S+ zone=)\s*\$?(\w+)/gm))
        expect(variable, name).toMatch(new RegExp(`^ew_d${snapshot.domainId}_*_[a-z]`));
      const upstreams = declared(/^upstream (\S+) \{/gm);
      if (conf !== '') expect(upstreams.length, name).toBeGreaterThan(0);
      for (const upstream of upstreams) expect(upstream, name).toMatch(new RegExp(`^${snapshot.domainId}_*\\.origin_`));
    }
  });

  it("spreads the lengths of the domains' names (nginx compares characters only among names of one length)", () => {
    const lengths = (of: (id: number) => string) => new Set(Array.from({ length: 64 }, (_, i) => of(1000 + i).length));
    expect(lengths(domainPrefix).size).toBe(16);
    const upstream = (id: number) => {
      const snapshot = { ...cases.get('cache-rules')!, domainId: id };
      return /^upstream (\S+) \{/m.exec(renderDomain(snapshot, goldenOptions)[0]!.content)![1]!;
    };
    expect(lengths(upstream).size).toBe(64);
  });
});
