import { type DomainStatus, domainStatuses } from '@edgeward/contract';
import type { EdgeState } from '../../providers/edge/edge.provider';

/**
 * What can happen to a domain. Customer actions: configure (a settings piece saved), enable, disable, delete.
 * Operator: approve, reject (review). Edge reports: applied, failed (for the current configuration version).
 */
export type DomainEvent = 'configure' | 'enable' | 'disable' | 'delete' | 'approve' | 'reject' | 'applied' | 'failed';

/**
 * The state machine of spec section 4, as data. A missing entry is a refused transition. Deleting is allowed only
 * from disabled or rejected (the spec); the rest fills what the spec leaves open:
 * - a new domain starts in creating (or under_review when reviews are on, and always for whole-site acceleration);
 * - configure rolls a change out (configuring) on a serving or abnormal domain and leaves a disabled one disabled;
 * - enable starts a rollout from disabled; disable stops an enabled or abnormal domain at once;
 * - the edge's report of the current version ends a rollout: enabled, or abnormal with its reason; an enabled
 *   domain the edge loses becomes abnormal too; saving the settings again (configure) retries.
 * - deleting ends when the edge reports the removal: the row is then gone (not a status).
 */
const transitions: Record<DomainEvent, Partial<Record<DomainStatus, DomainStatus>>> = {
  configure: { enabled: 'configuring', configuring: 'configuring', abnormal: 'configuring', disabled: 'disabled' },
  enable: { disabled: 'configuring' },
  disable: { enabled: 'disabled', abnormal: 'disabled' },
  delete: { disabled: 'deleting', review_rejected: 'deleting' },
  approve: { under_review: 'creating' },
  reject: { under_review: 'review_rejected' },
  applied: { creating: 'enabled', configuring: 'enabled' },
  failed: { creating: 'abnormal', configuring: 'abnormal', enabled: 'abnormal' },
};

/** The status after `event`, or null when the event is not allowed in `from`. */
export function nextStatus(from: DomainStatus, event: DomainEvent): DomainStatus | null {
  return transitions[event][from] ?? null;
}

/** Every status an event is allowed from (tests and docs). */
export function allowedFrom(event: DomainEvent): DomainStatus[] {
  return domainStatuses.filter((s) => transitions[event][s] !== undefined);
}

/** The first status of a new domain. */
export function initialStatus(options: { review: boolean }): DomainStatus {
  return options.review ? 'under_review' : 'creating';
}

/**
 * What the edge should hold for a domain in this status: serving, present but switched off, removed, or nothing
 * at all (a domain the operator has not let through never reaches the edge).
 */
export function edgeTarget(status: DomainStatus): EdgeState | 'remove' | null {
  switch (status) {
    case 'creating':
    case 'configuring':
    case 'enabled':
    case 'abnormal':
      return 'enabled';
    case 'disabled':
      return 'disabled';
    case 'deleting':
      return 'remove';
    case 'under_review':
    case 'review_rejected':
      return null;
  }
}

/**
 * Whether refresh and preheat tasks can run for a domain: the edge serves it (enabled, or configuring a change
 * while its previous version serves), will soon (being created or enabled: tell the customer to retry), or not.
 */
export function cacheTaskReadiness(domain: {
  status: DomainStatus;
  edgeServing: boolean;
}): 'serving' | 'deploying' | 'none' {
  if (domain.status === 'enabled') return 'serving';
  if (domain.status === 'configuring') return domain.edgeServing ? 'serving' : 'deploying';
  return domain.status === 'creating' ? 'deploying' : 'none';
}
