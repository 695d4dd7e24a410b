import { DomainConfigSchema, type EoDomainConfig, EoGeneralConfigSchema } from '@edgeward/contract';
import { describe, expect, it } from 'vitest';
import { eoAsDomainConfig, eoGeneralBody, isGeneralSegment } from './eo-general';

const headers = { headers: [{ name: 'X-Edge', value: 'eo', action: 'set' as const }] };
const eoDomain: EoDomainConfig = {
  id: 9,
  domainName: 'secure.example.com',
  cname: 'secure.example.com.eo.example.net',
  status: 'enabled',
  sample: false,
  domainConfig: {
    rangeStatus: 'on',
    compress: { gzip: 'on', brotli: 'off' },
    cacheConfig: {
      ignoreUrlParameter: 'off',
      cachePrefresh: 'off',
      offlineCache: 'on',
      rules: [{ priority: 1, type: 'all', content: [], ttl: 1, unit: 'days', ignoreUrlParameter: 'off' }],
    },
    httpResponseHeader: headers,
    originRequestHeader: { headers: [] },
    urlAuth: { status: 'off' } as EoDomainConfig['domainConfig']['urlAuth'],
    requestLimits: { status: 'off', rules: [] } as EoDomainConfig['domainConfig']['requestLimits'],
  },
  sourceConfig: { sources: [], originProtocol: 'http' },
  httpsConfig: { https: 'on', quic: 'off', forceHttps: 'on', http2: 'on', certificate: null },
  securityPolicy: {
    referer: { type: 'off', list: [], allowEmpty: true },
    ipFilter: { type: 'deny', list: ['203.0.113.0/24'] },
    userAgentFilter: { type: 'off', rules: [] },
  } as unknown as EoDomainConfig['securityPolicy'],
  configVersion: 4,
  updatedAt: 1_700_000_000_000,
};

describe("the edge platform's general part in the CDN's sections", () => {
  it("reads the edge platform's parts where the CDN's sections look for them", () => {
    const config = eoAsDomainConfig(eoDomain);
    expect(config).toMatchObject({
      id: 9,
      domainName: 'secure.example.com',
      rangeStatus: 'on',
      compress: { gzip: 'on', brotli: 'off' },
      cacheConfig: eoDomain.domainConfig.cacheConfig,
      httpResponseHeader: headers,
      originRequestHeader: { headers: [] },
      urlAuth: eoDomain.domainConfig.urlAuth,
      requestLimits: eoDomain.domainConfig.requestLimits,
      https: 'on',
      quic: 'off',
      httpsConfig: { forceHttps: 'on', http2: 'on', certificate: null },
      ipFilter: { type: 'deny', list: ['203.0.113.0/24'] },
      websocket: 'off',
      configVersion: 4,
    });
    expect(Object.keys(config).sort()).toEqual(Object.keys(DomainConfigSchema.shape).sort());
  });

  it('sends each general segment under its key of /config, as a body the server takes', () => {
    expect(eoGeneralBody('configResponseHeader', headers)).toEqual({ httpResponseHeader: headers });
    expect(eoGeneralBody('configRequestHeader', headers)).toEqual({ originRequestHeader: headers });
    expect(eoGeneralBody('configCompression', { gzip: 'on', brotli: 'on' })).toEqual({
      compress: { gzip: 'on', brotli: 'on' },
    });
    expect(eoGeneralBody('configRateLimit', { status: 'off' })).toEqual({ requestLimits: { status: 'off' } });
    expect(eoGeneralBody('configUrlAuth', { status: 'off' })).toEqual({ urlAuth: { status: 'off' } });
    expect(EoGeneralConfigSchema.safeParse(eoGeneralBody('configResponseHeader', headers)).success).toBe(true);
  });

  it('holds the general segments only', () => {
    for (const segment of ['configCacheRule', 'configUrlAuth', 'configRateLimit'] as const) {
      expect(isGeneralSegment(segment)).toBe(true);
    }
    for (const segment of ['configOrigin', 'configHttpsInfo', 'configWebsocket', 'configReferer'] as const) {
      expect(isGeneralSegment(segment)).toBe(false);
    }
  });
});
