// The certificate area's door: keeping a certificate pasted on a domain's HTTPS tab (the domain area's port).
export { adoptPastedCertificate } from './certificate-deployments';
