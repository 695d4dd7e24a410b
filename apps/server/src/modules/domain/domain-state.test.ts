import {
  canDeleteDomain,
  canDisableDomain,
  canEditDomainConfig,
  canEnableDomain,
  type DomainStatus,
  domainStatuses,
} from '@edgeward/contract';
import { describe, expect, it } from 'vitest';
import {
  allowedFrom,
  cacheTaskReadiness,
  type DomainEvent,
  edgeTarget,
  initialStatus,
  nextStatus,
} from './domain-state';

const expected: Record<DomainEvent, Partial<Record<DomainStatus, DomainStatus>>> = {
  configure: { enabled: 'configuring', configuring: 'configuring', abnormal: 'configuring', disabled: 'disabled' },
  enable: { disabled: 'configuring' },
  disable: { enabled: 'disabled', abnormal: 'disabled' },
  delete: { disabled: 'deleting', review_rejected: 'deleting' },
  approve: { under_review: 'creating' },
  reject: { under_review: 'review_rejected' },
  applied: { creating: 'enabled', configuring: 'enabled' },
  failed: { creating: 'abnormal', configuring: 'abnormal', enabled: 'abnormal' },
};

describe('domain state machine', () => {
  const cases = (Object.keys(expected) as DomainEvent[]).flatMap((event) =>
    domainStatuses.map((from) => [event, from, expected[event][from] ?? null] as const),
  );

  it.each(cases)('%s from %s -> %s', (event, from, to) => {
    expect(nextStatus(from, event)).toBe(to);
  });

  it('agrees with the contract rules the web uses to show buttons', () => {
    for (const s of domainStatuses) {
      expect(allowedFrom('delete').includes(s)).toBe(canDeleteDomain(s));
      expect(allowedFrom('enable').includes(s)).toBe(canEnableDomain(s));
      expect(allowedFrom('disable').includes(s)).toBe(canDisableDomain(s));
      expect(allowedFrom('configure').includes(s)).toBe(canEditDomainConfig(s));
    }
  });

  it('starts under review only when reviews are on', () => {
    expect(initialStatus({ review: false })).toBe('creating');
    expect(initialStatus({ review: true })).toBe('under_review');
  });

  it('keeps domains the operator has not let through off the edge', () => {
    expect(edgeTarget('under_review')).toBeNull();
    expect(edgeTarget('review_rejected')).toBeNull();
    expect(edgeTarget('disabled')).toBe('disabled');
    expect(edgeTarget('deleting')).toBe('remove');
    for (const s of ['creating', 'configuring', 'enabled', 'abnormal'] as const) expect(edgeTarget(s)).toBe('enabled');
  });

  it('publishes every settings save: configure leads only to statuses the edge holds', () => {
    for (const from of allowedFrom('configure')) expect(edgeTarget(nextStatus(from, 'configure')!)).not.toBeNull();
  });
});

describe('cache task readiness', () => {
  const readiness: Record<DomainStatus, [whileServed: string, notServed: string]> = {
    enabled: ['serving', 'serving'],
    configuring: ['serving', 'deploying'],
    creating: ['deploying', 'deploying'],
    abnormal: ['none', 'none'],
    disabled: ['none', 'none'],
    deleting: ['none', 'none'],
    under_review: ['none', 'none'],
    review_rejected: ['none', 'none'],
  };
  it.each(domainStatuses)('%s', (status) => {
    const [served, notServed] = readiness[status];
    expect(cacheTaskReadiness({ status, edgeServing: true })).toBe(served);
    expect(cacheTaskReadiness({ status, edgeServing: false })).toBe(notServed);
  });
});
