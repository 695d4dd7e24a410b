import { type EoDomainConfig, type SecurityPolicyInput, splitLines } from '@edgeward/contract';
import { joinLines } from '../domain';

type Policy = EoDomainConfig['securityPolicy'];

/** The form's values: the policy with its lists as text, one entry per line, as the CDN's access tab shows them. */
export interface SecurityFormValues {
  referer: { type: Policy['referer']['type']; list: string; allowEmpty: boolean };
  ipFilter: { type: Policy['ipFilter']['type']; list: string };
  userAgentFilter: { type: Policy['userAgentFilter']['type']; rules: string };
  adaptiveFrequencyControl: Pick<Policy['adaptiveFrequencyControl'], 'status' | 'level'>;
  clientFiltering: Omit<Policy['clientFiltering'], 'allowRules'> & { allowRules: string };
  bandwidthAbuseDefense: Policy['bandwidthAbuseDefense'];
  slowAttackDefense: Policy['slowAttackDefense'];
}

export function toFormValues(policy: Policy): SecurityFormValues {
  return {
    referer: { ...policy.referer, list: joinLines(policy.referer.list) },
    ipFilter: { ...policy.ipFilter, list: joinLines(policy.ipFilter.list) },
    userAgentFilter: { ...policy.userAgentFilter, rules: joinLines(policy.userAgentFilter.rules) },
    adaptiveFrequencyControl: {
      status: policy.adaptiveFrequencyControl.status,
      level: policy.adaptiveFrequencyControl.level,
    },
    clientFiltering: { ...policy.clientFiltering, allowRules: joinLines(policy.clientFiltering.allowRules) },
    bandwidthAbuseDefense: policy.bandwidthAbuseDefense,
    slowAttackDefense: policy.slowAttackDefense,
  };
}

/** The body of POST /eo/domain/:id/security, exactly as the contract's SecurityPolicySchema checks it. */
export function toSecurityBody(values: SecurityFormValues): SecurityPolicyInput {
  return {
    referer: { ...values.referer, list: splitLines(values.referer.list ?? '') },
    ipFilter: { ...values.ipFilter, list: splitLines(values.ipFilter.list ?? '') },
    userAgentFilter: { ...values.userAgentFilter, rules: splitLines(values.userAgentFilter.rules ?? '') },
    adaptiveFrequencyControl: { ...values.adaptiveFrequencyControl, action: 'block' },
    clientFiltering: { ...values.clientFiltering, allowRules: splitLines(values.clientFiltering.allowRules ?? '') },
    bandwidthAbuseDefense: values.bandwidthAbuseDefense,
    slowAttackDefense: values.slowAttackDefense,
  };
}
