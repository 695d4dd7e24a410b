import type { EdgeDomainConfig, EdgeSnapshot } from '@edgeward/edge-config';

/** A domain as the console would send it: HTTP only, one origin on loopback, everything cached for an hour. */
export function snapshotOf(input: {
  domainId: number;
  domainName: string;
  version: number;
  originPort: number;
  originHost?: string;
  state?: EdgeSnapshot['state'];
}): EdgeSnapshot {
  const state = input.state ?? 'enabled';
  const config: EdgeDomainConfig = {
    sources: [
      {
        originType: 'ipaddr',
        ipOrDomain: [input.originHost ?? '127.0.0.1'],
        httpPort: input.originPort,
        httpsPort: 443,
        hostName: '',
        originProtocol: 'http',
        ipv6Status: 'off',
        verifyCertificate: 'off',
      },
    ],
    originProtocol: 'http',
    rangeStatus: 'off',
    https: 'off',
    httpsConfig: { forceHttps: 'off', http2: 'off', certificatePem: null, privateKeyPem: null },
    quic: 'off',
    websocket: 'off',
    compress: { gzip: 'off', brotli: 'off' },
    cacheConfig: {
      ignoreUrlParameter: 'off',
      cachePrefresh: 'off',
      offlineCache: 'off',
      rules: [{ priority: 1, type: 'all', content: [], ttl: 1, unit: 'hours', ignoreUrlParameter: 'off' }],
    },
    referer: { type: 'off', list: [], allowEmpty: true },
    ipFilter: { type: 'off', list: [] },
    userAgentFilter: { type: 'off', rules: [] },
    httpResponseHeader: { headers: [] },
    originRequestHeader: { headers: [] },
    forceRedirect: { type: 'off', statusCode: 301 },
    urlAuth: { status: 'off', type: 'type_a', key: '', backupKey: '', expireTime: 1800, signArg: 'sign' },
    requestLimits: { status: 'off', rules: [] },
  };
  return {
    domainId: input.domainId,
    domainName: input.domainName,
    cname: `${input.domainName}.cdn.edgeward.test`,
    variant: 'cdn',
    version: input.version,
    state,
    config: state === 'removed' ? null : config,
  };
}

/** HTTPS on with the given certificate and private key (PEM). */
export function withCertificate(
  snapshot: EdgeSnapshot,
  pem: { certificate: string; privateKey: string },
): EdgeSnapshot {
  const config = snapshot.config!;
  return {
    ...snapshot,
    config: {
      ...config,
      https: 'on',
      httpsConfig: { ...config.httpsConfig, certificatePem: pem.certificate, privateKeyPem: pem.privateKey },
    },
  };
}

/** HTTPS on with a certificate nginx could not load: the agent refuses it before nginx would meet it. */
export function withBrokenCertificate(snapshot: EdgeSnapshot): EdgeSnapshot {
  return withCertificate(snapshot, {
    certificate: '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n',
    privateKey: '-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----\n',
  });
}

/** An edge-platform domain with the bandwidth-abuse defence (the other policy parts off). */
export function withBandwidthDefense(
  snapshot: EdgeSnapshot,
  abuse: { status: 'on' | 'off'; thresholdMb: number; windowSeconds: number; rateCapKbps?: number },
): EdgeSnapshot {
  return {
    ...snapshot,
    variant: 'eo',
    config: {
      ...snapshot.config!,
      eoSecurity: {
        adaptiveFrequencyControl: { status: 'off', level: 'moderate', action: 'block' },
        clientFiltering: { status: 'off', uaClasses: [], blockEmptyUa: false, knownTools: [], allowRules: [] },
        bandwidthAbuseDefense: { rateCapKbps: 512, ...abuse },
        slowAttackDefense: { status: 'off', minBodyRate: 100, headerTimeoutSeconds: 10, bodyTimeoutSeconds: 10 },
      },
    },
  };
}
