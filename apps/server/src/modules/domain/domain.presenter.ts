import {
  type DomainConfig,
  type DomainDetail,
  type DomainListItem,
  domainExportColumns,
  formatUtc8,
  type Locale,
  type VerifyResult,
} from '@edgeward/contract';
import { translate } from '../../http/i18n';
import { csvRow } from '../../lib/csv';
import { apexDomain } from './apex-domain';
import type { DomainRow, DomainWithConfig } from './domain.repository';
import type { VerificationOutcome } from './domain-verification.service';

// What the API shows of a domain: explicit whitelists of the stored rows, in the contract's shapes.

/** The apex of a stored name; names stored before the public suffix list was used may have none. */
function storedApexOf(domainName: string): string {
  return apexDomain(domainName) ?? domainName;
}

export function toListItem(row: DomainRow & { https: 'on' | 'off' }): DomainListItem {
  return {
    id: row.id,
    domainName: row.domainName,
    cname: row.cname ?? '',
    type: row.type,
    status: row.status,
    https: row.https,
    sample: row.sample,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

export function toDetail(row: DomainWithConfig): DomainDetail {
  const origin = row.config.sources[0];
  return {
    ...toListItem({ ...row, https: row.config.https }),
    apexDomain: storedApexOf(row.domainName),
    originType: origin?.originType ?? 'ipaddr',
    origins: origin?.ipOrDomain ?? [],
    configVersion: row.version,
    statusReason:
      row.status === 'review_rejected' ? row.reviewReason : row.status === 'abnormal' ? row.abnormalReason : null,
  };
}

/** The API's view of the configuration: an explicit whitelist (no certificate PEM, never the private key). */
export function toDomainConfig(row: DomainWithConfig): DomainConfig {
  const c = row.config;
  return {
    id: row.id,
    domainName: row.domainName,
    apexDomain: storedApexOf(row.domainName),
    cname: row.cname ?? '',
    sources: c.sources,
    originProtocol: c.originProtocol,
    rangeStatus: c.rangeStatus,
    https: c.https,
    httpsConfig: {
      forceHttps: c.httpsConfig.forceHttps,
      http2: c.httpsConfig.http2,
      certificate: c.httpsConfig.certificate,
    },
    quic: c.quic,
    websocket: c.websocket,
    compress: c.compress,
    cacheConfig: c.cacheConfig,
    referer: c.referer,
    ipFilter: c.ipFilter,
    userAgentFilter: c.userAgentFilter,
    httpResponseHeader: c.httpResponseHeader,
    originRequestHeader: c.originRequestHeader,
    forceRedirect: c.forceRedirect,
    urlAuth: c.urlAuth,
    requestLimits: c.requestLimits,
    configVersion: row.version,
    updatedAt: row.configUpdatedAt.getTime(),
  };
}

/** The message beside a verification's outcome, saying what DNS answered; none while it is still pending. */
function verificationMessage(o: VerificationOutcome, locale: Locale): string | null {
  if (o.status === 'success') return translate(locale, 'domain.verify.success');
  if (o.status !== 'failed') return null;
  switch (o.failure) {
    case 'dnsUnreachable':
      return translate(locale, 'domain.verify.dnsUnreachable');
    case 'recordMismatch':
      return translate(locale, 'domain.verify.recordMismatch', {
        name: o.recordName,
        found: o.found.map((v) => `"${v}"`).join(', '),
      });
    case 'recordMissing':
      return translate(locale, 'domain.verify.recordMissing', { name: o.recordName });
    default:
      return translate(locale, 'domain.verify.failed');
  }
}

export function toVerifyResult(o: VerificationOutcome, locale: Locale): VerifyResult {
  return {
    domainName: o.domainName,
    apexDomain: o.apexDomain,
    status: o.status,
    failure: o.failure,
    found: o.found,
    message: verificationMessage(o, locale),
  };
}

/** The CSV export: the header, then one line per domain, times in UTC+8 and names of statuses and types translated. */
export async function* toCsvLines(rows: AsyncIterable<DomainListItem>, locale: Locale) {
  // The headers in the caller's language; the time column names its zone (UTC+8), which the page does not use.
  yield csvRow(domainExportColumns.map((column) => translate(locale, `domain.export.column.${column}`)));
  for await (const row of rows) {
    yield csvRow(
      domainExportColumns.map((column) => {
        if (column === 'createdAt') return formatUtc8(row.createdAt);
        if (column === 'status') return translate(locale, `domain.status.${row.status}`);
        if (column === 'type') return translate(locale, `domain.type.${row.type}`);
        return row[column];
      }),
    );
  }
}
