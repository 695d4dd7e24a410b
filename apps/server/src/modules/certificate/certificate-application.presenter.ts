import {
  type CertificateApplicationDetail,
  type CertificateApplicationListItem,
  type CertificateDeployResult,
  type Locale,
  limits,
} from '@edgeward/contract';
import type { StoredDeployResult, StoredMessage } from '../../db/schema';
import { translate } from '../../http/i18n';
import type { ApplicationView } from './certificate-application.service';

const ms = (at: Date | null) => (at ? at.getTime() : null);

const message = (m: StoredMessage | null, locale: Locale) => (m ? translate(locale, m.key, m.params) : null);

function toDeployResults(outcomes: StoredDeployResult[], locale: Locale): CertificateDeployResult[] {
  return outcomes.map((o) => ({
    domainId: o.domainId,
    domainName: o.domainName,
    ok: o.ok,
    message: o.message
      ? translate(locale, 'certificate.deploy.failedWith', { reason: message(o.message, locale)! })
      : null,
  }));
}

/** Rows -> the API's view: a whitelist (never the order's or challenges' URLs, nor the sealed key). */
export function toApplicationListItem(
  { row, certificate }: ApplicationView,
  locale: Locale,
): CertificateApplicationListItem {
  const working = row.status === 'creating' || row.status === 'generating';
  return {
    id: row.id,
    domainNames: row.domainNames,
    keyType: row.keyType,
    status: row.status,
    retryCount: row.retryCount,
    failureReason: row.status === 'failed' ? message(row.failure, locale) : null,
    retryReason: working ? message(row.retryReason, locale) : null,
    nextAttemptAt: working ? ms(row.nextAttemptAt) : null,
    certificateId: row.certificateId,
    notBefore: certificate ? certificate.notBefore.getTime() : null,
    notAfter: certificate ? certificate.notAfter.getTime() : null,
    renewalOf: row.renewalOf,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

export function toApplicationDetail(view: ApplicationView, locale: Locale): CertificateApplicationDetail {
  const { row } = view;
  return {
    ...toApplicationListItem(view, locale),
    records: view.records.map((r) => ({ ...r, type: 'TXT' as const })),
    dnsCheck: row.dnsCheck,
    deployDomains: view.deployDomains,
    deployResults: row.deployResults ? toDeployResults(row.deployResults, locale) : null,
    recordsAt: ms(row.recordsAt),
    verifiedAt: ms(row.verifiedAt),
    completedAt: ms(row.completedAt),
    expiresAt:
      row.status === 'pending' && row.recordsAt
        ? row.recordsAt.getTime() + limits.certificate.applicationExpiryDays * 86_400_000
        : null,
  };
}
