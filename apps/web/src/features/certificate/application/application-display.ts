import type { CertificateApplicationListItem } from '@edgeward/contract';

/** The application's detail page, /certificate/order/{id}/detail. */
export function applicationPath(id: number): string {
  return `/certificate/order/${id}/detail`;
}

/** An application's names as a certificate's: the first is the subject, all are SANs. */
export function namesOf(application: Pick<CertificateApplicationListItem, 'domainNames'>) {
  return { commonName: application.domainNames[0] ?? '', dnsNames: application.domainNames };
}
