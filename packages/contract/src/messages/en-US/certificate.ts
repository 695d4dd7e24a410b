/** The certificate area's texts: upload checks, deployment, deletion, applications. */
export const certificate = {
  'certificate.check.certificateFormat': 'The certificate could not be read; paste the full chain in PEM format',
  'certificate.check.keyFormat': 'The private key could not be read; paste it in PEM format',
  'certificate.check.keyEncrypted': 'The private key must not have a password',
  'certificate.check.keyType': 'Only RSA and ECDSA (P-256, P-384, P-521) private keys are supported',
  'certificate.check.keyMismatch': 'The private key does not match the certificate',
  'certificate.check.leafNotFirst':
    'The chain is in the wrong order: the certificate that matches the private key must come first, then each intermediate',
  'certificate.check.chainOrder':
    'The chain is in the wrong order: put the certificate first, then each intermediate after the one it signs',
  'certificate.check.chainBroken':
    'The chain is incomplete or contains a certificate that does not sign the one before it',
  'certificate.check.expired': 'The certificate has expired',
  'certificate.check.notYetValid': 'The certificate is not valid yet',
  'certificate.check.chainExpired': 'An intermediate certificate of the chain has expired',
  'certificate.check.chainNotYetValid': 'An intermediate certificate of the chain is not valid yet',
  'certificate.check.hostMismatch': 'The certificate does not cover this domain',
  'certificate.inUse': 'The certificate is deployed to {domains}; switch those domains to another certificate first',
  'certificate.notCovering': 'The new certificate does not cover {domains}, where this certificate is deployed',
  'certificate.deploy.failed': 'Certificate deployment failed',
  'certificate.deploy.failedWith': 'Certificate deployment failed: {reason}',
  'certificate.deploy.notCovered': 'The certificate does not cover this domain',
  'certificate.deploy.notFound': 'The domain was not found',
  'errors.CERT_IN_USE': 'The certificate is deployed to domains and cannot be deleted',
  'errors.CERT_NOT_COVERING': 'The new certificate does not cover every domain this certificate is deployed to',
  'certificate.application.nameFormat': 'Enter a domain name, or a wildcard such as *.example.com',
  'certificate.application.nameRepeated': 'Domain name cannot be repeated',
  'certificate.application.notOwned':
    'Verify ownership of these names first (the TXT record of their main domain, as when adding a domain): {names}',
  'certificate.application.deployNotCovered': 'These domains are not yours or not covered by the names: {domains}',
  'certificate.application.dnsUnreachable':
    'DNS verification failed, please check DNS record configuration: the DNS servers did not answer for {name}; please try again in a moment.',
  'certificate.application.generationFailed': 'Certificate generation failed',
  'certificate.application.generationFailedWith': 'Certificate generation failed: {reason}',
  'certificate.application.caUnreachable':
    'Certificate generation failed: the certificate authority could not be reached ({reason})',
  'certificate.application.notFound': 'Application record not found',
  'certificate.application.loadFailed': 'Failed to load details',
  'certificate.application.status.creating': 'Initialising',
  'certificate.application.status.pending': 'DNS verification pending',
  'certificate.application.status.generating': 'Generating',
  'certificate.application.status.completed': 'Completed',
  'certificate.application.status.failed': 'Failed',
  'certificate.application.status.expired': 'Expired',
  'certificate.event.renewed': 'The certificate for {names} was renewed and redeployed',
  'certificate.event.renewalFailed': 'Renewing the certificate for {names} failed: {reason}',
  'certificate.event.renewalNeedsDns':
    'Renewing the certificate for {names} needs new DNS records: open application {applicationId} and verify them',
  'certificate.application.retry.caUnreachable':
    'The certificate authority could not be reached ({reason}); it is tried again automatically',
  'certificate.application.retry.notYet':
    'The certificate authority has not finished yet (the order is {status}); it is looked at again automatically',
  'certificate.mail.renewalNeedsDns.subject': 'Renewing the certificate for {domain} needs a new DNS record',
  'certificate.mail.renewalNeedsDns.text':
    'The certificate for {domain} ends on {date}. To renew it, add these TXT records at your DNS provider:\n\n{records}\n\nThen open {link} and click Verify. Until then the certificate is not renewed.',
  'certificate.mail.renewalReminder.subject': 'The certificate for {domain} ends on {date} and is not renewed yet',
  'certificate.mail.renewalReminder.text':
    'The renewal of the certificate for {domain} still waits for these TXT records:\n\n{records}\n\nAdd them at your DNS provider, then open {link} and click Verify before {date}.',
  'certificate.mail.renewalFailed.subject': 'Renewing the certificate for {domain} failed',
  'certificate.mail.renewalFailed.text':
    'Renewing the certificate for {domain}, which ends on {date}, failed: {reason}\n\nIt is tried again every hour until then; you can also retry it now at {link}.',
  'errors.CERT_APPLICATION_NOT_FOUND': 'Application record not found',
  'errors.CERT_APPLICATION_STATE': 'The application cannot do that in its current status',
  'errors.CERT_NAME_NOT_OWNED': 'Verify ownership of the names first',
} as const;
