import { describe, expect, it } from 'vitest';
import { domainPrefix } from './domain';
import { goldenCases, goldenOptions } from './golden-cases';
import { renderAuthConfig, renderDomain, renderMainConfig } from './render';

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

describe('renderDomain settings that change what nginx does', () => {
  const base = cases.get('origin-ip-follow')!;
  const confOf = (change: (config: NonNullable<typeof base.config>) => void, options = goldenOptions) => {
    const snapshot = structuredClone(base);
    change(snapshot.config!);
    return renderDomain(snapshot, options);
  };
  const pem = {
    certificatePem: '-----BEGIN CERTIFICATE-----\nQ0VSVA==\n-----END CERTIFICATE-----',
    privateKeyPem: 'KEY',
  };

  it('serves TLS only with HTTPS on and both the certificate and its key', () => {
    const tlsOf = (https: 'on' | 'off', certificatePem: string | null, privateKeyPem: string | null) =>
      confOf((config) => {
        config.https = https;
        config.httpsConfig = { ...config.httpsConfig, certificatePem, privateKeyPem };
      }).some((file) => file.tls === true);
    expect(tlsOf('on', pem.certificatePem, pem.privateKeyPem)).toBe(true);
    expect(tlsOf('off', pem.certificatePem, pem.privateKeyPem)).toBe(false);
    expect(tlsOf('on', pem.certificatePem, null)).toBe(false);
    expect(tlsOf('on', null, pem.privateKeyPem)).toBe(false);
  });

  it('ends the certificate before the key starts, whether or not the PEM ended its last line', () => {
    const [, certs] = confOf((config) => {
      config.https = 'on';
      config.httpsConfig = { ...config.httpsConfig, ...pem };
    });
    expect(certs!.content).toBe(`${pem.certificatePem}\nKEY\n`);
    expect(confOf(() => {})[0]).toMatchObject({ dir: 'domains', path: `${base.domainId}.conf` });
  });

  it('redirects to HTTPS when forced either way, to HTTP only over TLS, naming a port that is not the standard one', () => {
    const redirect = (
      forceHttps: 'on' | 'off',
      type: 'off' | 'http' | 'https',
      tls: boolean,
      options = goldenOptions,
    ) =>
      /return 30\d (\S+);/.exec(
        confOf((config) => {
          config.https = 'on';
          config.httpsConfig = { ...config.httpsConfig, forceHttps, ...(tls ? pem : {}) };
          config.forceRedirect = { type, statusCode: 302 };
        }, options)[0]!.content,
      )?.[1];
    expect(redirect('on', 'off', true)).toBe('https://$host$request_uri');
    expect(redirect('off', 'https', true)).toBe('https://$host$request_uri');
    expect(redirect('off', 'off', true)).toBeUndefined();
    expect(redirect('off', 'http', true)).toBe('http://$host$request_uri');
    expect(redirect('off', 'http', false)).toBeUndefined();
    const highPorts = { ...goldenOptions, httpPort: 18080, httpsPort: 18443 };
    expect(redirect('on', 'off', true, highPorts)).toBe('https://$host:18443$request_uri');
    expect(redirect('off', 'http', true, highPorts)).toBe('http://$host:18080$request_uri');
  });

  it("refuses a request when any one of the domain's access rules does, and the agent's never", () => {
    const conf = confOf((config) => {
      config.referer = { type: 'deny', list: ['bad.example'], allowEmpty: true };
      config.ipFilter = { type: 'deny', list: ['192.0.2.1'] };
      config.userAgentFilter = { type: 'blacklist', rules: ['BadBot*'] };
    })[0]!.content;
    const check = /set \$ew_check "([^"]+)";/.exec(conf)![1]!;
    const variables = check.match(/\$\w+/g)!;
    expect(variables).toHaveLength(4);
    expect(variables.join('')).toBe(check);
    // main.conf's map: $ew_refused is 1 when $ew_check is the internal flag 0 followed by any 1.
    const refused = (internal: string, verdicts: string[]) =>
      /^0[01]*1/.test(check.replace('$ew_internal', internal).replace(/\$\w+/g, () => verdicts.shift()!));
    expect(refused('0', ['0', '0', '0'])).toBe(false);
    for (const i of [0, 1, 2])
      expect(
        refused(
          '0',
          ['0', '0', '0'].map((v, j) => (j === i ? '1' : v)),
        ),
      ).toBe(true);
    expect(refused('1', ['1', '1', '1'])).toBe(false);
  });

  it('sends the origin an empty value for a deleted request header, whatever value the rule kept', () => {
    const conf = confOf((config) => {
      config.originRequestHeader.headers = [{ name: 'Cookie', value: 'left over', action: 'delete' }];
    })[0]!.content;
    expect(conf).toContain('proxy_set_header Cookie "";');
    expect(conf).not.toContain('left over');
  });
});

describe('the main file and the sidecar, run by root', () => {
  it('drop their workers to the user named, and the cache defaults to 10 GB', () => {
    const { cacheMaxSize: _fixed, ...options } = { ...goldenOptions, user: 'www-data' };
    expect(renderMainConfig(options)).toMatch(/^user www-data;$/m);
    expect(renderMainConfig(options)).toContain(' max_size=10g ');
    expect(renderAuthConfig(options)).toMatch(/^user www-data;$/m);
    expect(renderMainConfig(goldenOptions)).not.toMatch(/^user /m);
  });
});
