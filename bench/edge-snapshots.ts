import type { EdgeSnapshot } from '@edgeward/edge-config';
import type { SelfSignedCertificate } from '@edgeward/testkit';
import { snapshotOf } from '../apps/edge/test/snapshots';

/**
 * Domain number `n` of a busy edge: every domain has its origin and one to three cache rules; by its number, some
 * also serve HTTPS (a fifth), or have referer, IP or user-agent rules, URL authentication, request limits, headers,
 * range origin, or are edge-platform domains with their security policy on. `plain` keeps only the origin and cache.
 */
export function benchSnapshot(
  n: number,
  certificate: SelfSignedCertificate | null,
  originPort: number,
  { plain = false } = {},
): EdgeSnapshot {
  const domainName = `d${n}.bench.example`;
  const snapshot = snapshotOf({ domainId: n, domainName, version: 1, originPort });
  const config = snapshot.config!;
  config.compress.gzip = 'on';
  const every = (k: number) => !plain && n % k === 0;
  if (!plain) {
    config.cacheConfig.rules.push({
      priority: 2,
      type: 'suffix',
      content: ['.jpg', '.png', '.css', '.js'],
      ttl: 7,
      unit: 'days',
      ignoreUrlParameter: 'on',
    });
  }
  if (every(2)) {
    config.cacheConfig.rules.push({
      priority: 3,
      type: 'path',
      content: ['/api/'],
      ttl: 0,
      unit: 'seconds',
      ignoreUrlParameter: 'off',
    });
  }
  if (every(5) && certificate) {
    config.https = 'on';
    config.httpsConfig = {
      forceHttps: 'on',
      http2: 'on',
      certificatePem: certificate.certificate,
      privateKeyPem: certificate.privateKey,
    };
    config.forceRedirect = { type: 'https', statusCode: 301 };
  }
  if (every(7)) config.referer = { type: 'allow', list: [`*.${domainName}`, 'partner.example'], allowEmpty: true };
  if (every(11)) config.ipFilter = { type: 'deny', list: ['198.51.100.0/24', '203.0.113.7/32'] };
  if (every(13)) config.userAgentFilter = { type: 'blacklist', rules: ['*BadBot*', 'curl/*'] };
  if (every(17)) {
    config.urlAuth = {
      status: 'on',
      type: n % 2 ? 'type_a' : 'type_b',
      key: `benchKey${n}`,
      backupKey: '',
      expireTime: 1800,
      signArg: 'sign',
    };
  }
  if (every(19)) {
    config.requestLimits = {
      status: 'on',
      rules: [{ type: 'all', content: '', periodSeconds: 10, limit: 200, threshold: 20, action: 'block' }],
    };
  }
  if (every(3)) config.httpResponseHeader = { headers: [{ name: 'X-Served-By', value: 'edgeward', action: 'set' }] };
  if (every(29)) config.rangeStatus = 'on';
  const eo = every(23);
  if (eo) {
    config.eoSecurity = {
      adaptiveFrequencyControl: { status: 'on', level: 'moderate', action: 'block' },
      clientFiltering: {
        status: 'on',
        uaClasses: ['scanner'],
        blockEmptyUa: false,
        knownTools: ['curl'],
        allowRules: [],
      },
      bandwidthAbuseDefense: { status: 'on', thresholdMb: 100, windowSeconds: 60, rateCapKbps: 512 },
      slowAttackDefense: { status: 'on', minBodyRate: 100, headerTimeoutSeconds: 10, bodyTimeoutSeconds: 10 },
    };
  }
  return { ...snapshot, cname: `${domainName}.cdn.edgeward.net`, variant: eo ? 'eo' : 'cdn', config };
}
