/** The certificate area's texts: upload checks, deployment, deletion, applications. */
export const certificate = {
  'certificate.check.certificateFormat': 'The certificate could not be read; paste the full chain in PEM format',
  'certificate.check.keyFormat': 'The private key could not be read; paste it in PEM format',
  'certificate.check.keyEncrypted': 'The private key must not have a password',
  'certificate.check.keyType': 'Only RSA and ECDSA (P-256, P-384, P-521) private keys are supported',
  'certificate.check.keyMismatch': 'The private key does not match the certificate',
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
} as const;
