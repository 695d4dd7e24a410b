import type { CertificateApplicationDetail, CertificateApplicationListItem } from '@edgeward/contract';
import type { StepsProps } from 'antd';

/** The application's detail page, /certificate/order/{id}/detail. */
export function applicationPath(id: number): string {
  return `/certificate/order/${id}/detail`;
}

/** An application's names as a certificate's: the first is the subject, all are SANs. */
export function namesOf(application: Pick<CertificateApplicationListItem, 'domainNames'>) {
  return { commonName: application.domainNames[0] ?? '', dnsNames: application.domainNames };
}

/**
 * The step an application is at, and how it stands there (spec section 4's flow): created -> DNS records added and
 * verified -> certificate generated -> completed. A failure or expiry marks the step it stopped at.
 */
export function applicationStep(application: Pick<CertificateApplicationDetail, 'status' | 'verifiedAt' | 'records'>): {
  current: number;
  status: StepsProps['status'];
} {
  switch (application.status) {
    case 'creating':
      return { current: 0, status: 'process' };
    case 'pending':
      return { current: 1, status: 'process' };
    case 'generating':
      return { current: 2, status: 'process' };
    case 'completed':
      return { current: 3, status: 'finish' };
    case 'expired':
      return { current: 1, status: 'error' };
    case 'failed':
      if (application.verifiedAt !== null) return { current: 2, status: 'error' };
      return { current: application.records.length ? 1 : 0, status: 'error' };
  }
}
