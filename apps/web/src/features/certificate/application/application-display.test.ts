import type { CertificateApplicationDetail } from '@edgeward/contract';
import { describe, expect, it } from 'vitest';
import { applicationStep } from './application-display';

const record = { domainName: 'a.com', type: 'TXT', host: '_acme-challenge', name: '_acme-challenge.a.com', value: 'v' };

function at(
  status: CertificateApplicationDetail['status'],
  rest: Partial<Pick<CertificateApplicationDetail, 'verifiedAt' | 'records'>> = {},
) {
  return applicationStep({
    status,
    verifiedAt: null,
    records: [record] as CertificateApplicationDetail['records'],
    ...rest,
  });
}

describe('applicationStep', () => {
  it('follows the flow: created, DNS records, generating, completed', () => {
    expect(at('creating', { records: [] })).toEqual({ current: 0, status: 'process' });
    expect(at('pending')).toEqual({ current: 1, status: 'process' });
    expect(at('generating', { verifiedAt: 1 })).toEqual({ current: 2, status: 'process' });
    expect(at('completed', { verifiedAt: 1 })).toEqual({ current: 3, status: 'finish' });
  });

  it('marks the step a failure or expiry stopped at', () => {
    expect(at('failed')).toEqual({ current: 1, status: 'error' });
    expect(at('failed', { verifiedAt: 1 })).toEqual({ current: 2, status: 'error' });
    expect(at('failed', { records: [] })).toEqual({ current: 0, status: 'error' });
    expect(at('expired')).toEqual({ current: 1, status: 'error' });
  });
});
