import {
  defaultDomainSettings,
  defaultEoSecurityExtras,
  deriveOriginType,
  OriginSettingSchema,
  SecurityPolicySchema,
} from '@edgeward/contract';
import { setCdnTypeById } from '../account';
import type { AreaContext, SampleOwner } from '../area';
import { insertDomain } from '../domain';

/**
 * The demo account sees both menus, with one edge-platform domain under the demo apex (verified by the domain
 * area's sample data) whose security policy has every part in use.
 */
export async function addEoSampleData(ctx: AreaContext, owner: SampleOwner): Promise<void> {
  const at = ctx.now();
  const origin = OriginSettingSchema.parse({ ipOrDomain: ['203.0.113.60'], originProtocol: 'https' });
  const { referer, ipFilter, userAgentFilter, ...eoSecurity } = SecurityPolicySchema.parse({
    referer: { type: 'allow', list: ['*.example.com'], allowEmpty: true },
    ipFilter: { type: 'deny', list: ['198.51.100.0/24'] },
    userAgentFilter: { type: 'off', rules: [] },
    ...defaultEoSecurityExtras,
    adaptiveFrequencyControl: { status: 'on', level: 'moderate' },
    clientFiltering: {
      status: 'on',
      uaClasses: ['scanner'],
      blockEmptyUa: true,
      knownTools: ['curl'],
      allowRules: ['*UptimeRobot*'],
    },
    slowAttackDefense: { status: 'on' },
  });
  await ctx.database.db.transaction(async (tx) => {
    await setCdnTypeById(tx, owner.userId, 'all', at);
    await insertDomain(tx, {
      userId: owner.userId,
      variant: 'eo',
      domainName: 'secure.example.com',
      type: 'web',
      status: 'enabled',
      wholeSite: false,
      config: {
        ...defaultDomainSettings('web'),
        sources: [{ originType: deriveOriginType(origin.ipOrDomain), ...origin }],
        originProtocol: origin.originProtocol,
        referer,
        ipFilter,
        userAgentFilter,
        eoSecurity,
      },
      at,
      sample: true,
      cname: `secure.example.com.${ctx.config.domain.cnameZone}`,
    });
  });
}
