import {
  type CertificateDetail,
  type CertificateDomainRef,
  type CertificateListItem,
  type CertificateRenewal,
  certificateValidity,
} from '@edgeward/contract';
import type { CertificateRow } from './certificate.repository';

/** Rows -> the API's view: an explicit whitelist (never the sealed key, nor the PEM: that is the download's). */
export function toCertificateListItem(
  row: CertificateRow,
  deployedDomains: CertificateDomainRef[],
  renewal: CertificateRenewal | null,
  now: Date,
): CertificateListItem {
  return {
    id: row.id,
    name: row.name,
    source: row.source,
    commonName: row.commonName,
    dnsNames: row.dnsNames,
    issuer: row.issuerName,
    keyType: row.keyType,
    keyBits: row.keyBits,
    notBefore: row.notBefore.getTime(),
    notAfter: row.notAfter.getTime(),
    validity: certificateValidity(row.notAfter.getTime(), now.getTime()),
    deployedDomains,
    renewal,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

export function toCertificateDetail(
  row: CertificateRow,
  deployedDomains: CertificateDomainRef[],
  renewal: CertificateRenewal | null,
  now: Date,
): CertificateDetail {
  return {
    ...toCertificateListItem(row, deployedDomains, renewal, now),
    subject: row.subject,
    issuerDn: row.issuer,
    fingerprint256: row.fingerprint256,
    serialNumber: row.serialNumber,
  };
}
