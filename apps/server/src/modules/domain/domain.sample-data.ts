import {
  type AccelerationType,
  CacheConfigSchema,
  CompressionSchema,
  type DomainStatus,
  defaultDomainSettings,
  deriveOriginType,
  domainVerifyRecordPrefix,
  ForceRedirectSchema,
  HeaderRulesSchema,
  IpAclSchema,
  OriginSettingSchema,
  RefererSchema,
  RequestLimitsSchema,
  UrlAuthSchema,
  UserAgentFilterSchema,
} from '@edgeward/contract';
import type { StoredDomainConfig } from '../../db/schema/domains';
import type { AreaContext, SampleOwner } from '../area';
import { insertDomain } from './domain.repository';
import { ensureVerification, setVerificationStatus } from './domain-verification.repository';

/** One domain of the demo account's sample data. */
interface SampleDomain {
  domainName: string;
  type: AccelerationType;
  status: DomainStatus;
  config: StoredDomainConfig;
  /** What the customer reads for an abnormal or rejected domain. */
  reason?: string;
}

/** Every sample domain lives under this apex, verified for the demo account together with them. */
export const sampleApex = 'example.com';

/**
 * A document as a save through the API would leave it: each piece goes through the same schema its route uses,
 * so sample data can never hold what a customer could not have saved.
 */
function sampleConfig(
  type: AccelerationType,
  origin: Parameters<typeof OriginSettingSchema.parse>[0],
  pieces: Partial<StoredDomainConfig> = {},
): StoredDomainConfig {
  const setting = OriginSettingSchema.parse(origin);
  return {
    ...defaultDomainSettings(type),
    sources: [{ originType: deriveOriginType(setting.ipOrDomain), ...setting }],
    originProtocol: setting.originProtocol,
    ...pieces,
  };
}

/** The showcase: every settings tab holds something. */
function richConfig(): StoredDomainConfig {
  return sampleConfig(
    'web',
    { ipOrDomain: ['203.0.113.10', '203.0.113.11'], hostName: 'www.example.com', originProtocol: 'follow' },
    {
      rangeStatus: 'on',
      compress: CompressionSchema.parse({ gzip: 'on', brotli: 'on' }),
      cacheConfig: CacheConfigSchema.parse({
        ignoreUrlParameter: 'on',
        rules: [
          { priority: 1, type: 'all', ttl: 0, unit: 'seconds' },
          { priority: 10, type: 'suffix', content: ['.html', '.htm', '.js'], ttl: 7, unit: 'days' },
          { priority: 20, type: 'suffix', content: ['.css', '.png', '.jpg', '.webp', '.woff2'], ttl: 30, unit: 'days' },
          { priority: 30, type: 'path', content: ['/api/'], ttl: 0, unit: 'seconds' },
        ],
      }),
      referer: RefererSchema.parse({ type: 'allow', list: ['example.com', '*.example.com'], allowEmpty: true }),
      ipFilter: IpAclSchema.parse({ type: 'deny', list: ['198.51.100.0/24', '192.0.2.66'] }),
      userAgentFilter: UserAgentFilterSchema.parse({ type: 'blacklist', rules: ['*BadBot*', 'curl/*'] }),
      httpResponseHeader: {
        headers: HeaderRulesSchema.parse([
          { name: 'Strict-Transport-Security', value: 'max-age=31536000', action: 'set' },
          { name: 'X-Powered-By', action: 'delete' },
        ]),
      },
      originRequestHeader: {
        headers: HeaderRulesSchema.parse([{ name: 'X-Edge-Client', value: 'edgeward', action: 'set' }]),
      },
      forceRedirect: ForceRedirectSchema.parse({ type: 'off', statusCode: 302 }),
      urlAuth: UrlAuthSchema.parse({ status: 'on', type: 'type_a', key: 'SampleKey2026abcd', expireTime: 3600 }),
      requestLimits: RequestLimitsSchema.parse({
        status: 'on',
        rules: [
          { type: 'all', periodSeconds: 1, limit: 100, threshold: 20 },
          { type: 'path', content: '/login', periodSeconds: 60, limit: 20 },
        ],
      }),
    },
  );
}

/** Sample domains in the states a customer meets: deployed, switched off, deploying, failed, waiting for review. */
function sampleDomains(): SampleDomain[] {
  return [
    { domainName: 'www.example.com', type: 'web', status: 'enabled', config: richConfig() },
    {
      domainName: 'static.example.com',
      type: 'web',
      status: 'enabled',
      config: sampleConfig(
        'web',
        { ipOrDomain: ['origin.example.net'] },
        {
          compress: CompressionSchema.parse({ gzip: 'on', brotli: 'off' }),
        },
      ),
    },
    {
      domainName: 'download.example.com',
      type: 'download',
      status: 'disabled',
      config: sampleConfig('download', { ipOrDomain: ['203.0.113.20'], httpPort: 8080 }),
    },
    {
      domainName: 'video.example.com',
      type: 'media',
      status: 'configuring',
      config: sampleConfig('media', { ipOrDomain: ['203.0.113.30'] }),
    },
    {
      domainName: 'img.example.com',
      type: 'web',
      status: 'abnormal',
      config: sampleConfig('web', { ipOrDomain: ['203.0.113.40'] }),
      reason: 'Sample data: 3 of 120 edge nodes could not apply configuration version 1.',
    },
    {
      domainName: 'api.example.com',
      type: 'whole_site',
      status: 'under_review',
      config: sampleConfig('whole_site', { ipOrDomain: ['203.0.113.50'], originProtocol: 'https' }),
    },
  ];
}

/**
 * The demo account's sample domains, written as they would stand after their history (verified apex, deployed,
 * switched off, failed...), in one transaction. Nothing is published: the sandbox edge hears of a sample domain
 * the first time the customer changes it, as it would of any change.
 */
export async function addSampleDomains(ctx: AreaContext, owner: SampleOwner): Promise<void> {
  const at = ctx.now();
  const cnameZone = ctx.config.domain.cnameZone;
  await ctx.database.db.transaction(async (tx) => {
    const recordName = `${domainVerifyRecordPrefix}.${sampleApex}`;
    const proof = await ensureVerification(tx, owner.userId, sampleApex, recordName, 'edgeward-verify=sample-data');
    await setVerificationStatus(tx, owner.userId, proof.id, 'success', at);
    for (const [i, sample] of sampleDomains().entries()) {
      const deployed = sample.status !== 'configuring' && sample.status !== 'under_review';
      await insertDomain(tx, {
        userId: owner.userId,
        domainName: sample.domainName,
        type: sample.type,
        status: sample.status,
        wholeSite: sample.type === 'whole_site',
        config: sample.config,
        // Spread over the last days, oldest first, so the list reads like a history.
        at: new Date(at.getTime() - (sampleDomains().length - i) * 86_400_000),
        sample: true,
        cname: deployed ? `${sample.domainName}.${cnameZone}` : null,
        abnormalReason: sample.reason ?? null,
      });
    }
  });
}
