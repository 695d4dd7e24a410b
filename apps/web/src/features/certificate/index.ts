// The certificate area's door: a certificate's validity, shown where a domain's HTTPS picks one.
export { CertificateValidityTag } from './CertificateValidityTag';
