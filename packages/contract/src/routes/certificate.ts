import { defineRoute } from '../route';
import {
  CertificateApplicationCreateSchema,
  CertificateApplicationDetailSchema,
  CertificateApplicationListItemSchema,
  CertificateApplicationListQuerySchema,
  CertificateApplicationOptionsSchema,
  CertificateCoveredDomainSchema,
  CertificateCreateSchema,
  CertificateDeployResultsSchema,
  CertificateDeploySchema,
  CertificateDetailSchema,
  CertificateDownloadQuerySchema,
  CertificateIdBodySchema,
  CertificateListItemSchema,
  CertificateListQuerySchema,
  CertificateReplaceResultSchema,
  CertificateReplaceSchema,
} from '../schemas/certificate';
import { EmptySchema, IdParamsSchema, pageOf } from '../schemas/common';

/*
 * Certificates (/certificate/manage). The spec shows no paths for them; these follow the domain calls' style.
 * - Ownership: every :id / id is the caller's certificate; a foreign id answers NOT_FOUND like a missing one.
 * - upload / replace: CERT_INVALID with the field message certificate.check.<problem> (certificateFormat,
 *   keyFormat, keyEncrypted, keyType, keyMismatch, leafNotFirst, chainOrder, chainBroken, expired, notYetValid,
 *   chainExpired, chainNotYetValid). replace answers CERT_NOT_COVERING when the new names miss a domain it is deployed to.
 * - The private key never appears in an answer; download?format=zip (the owner's explicit download) is the one
 *   place it leaves the server.
 * - delete: CERT_IN_USE while the certificate is deployed, the domains named in the message.
 * - deploy: only domains the certificate's names cover (wildcards one level); each domain answers on its own
 *   (ok, or the reason): HTTPS is turned on through the domain's HTTPS settings and published to the edge.
 */

const tag = 'certificate';
const query = { id: 'certificate', action: 'query' } as const;
const edit = { id: 'certificate', action: 'edit' } as const;

export const certificateRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/certificate/list',
    summary: 'My certificates, newest first; search by name or names, filter by expiry and source',
    tag,
    permission: query,
    query: CertificateListQuerySchema,
    data: pageOf(CertificateListItemSchema),
  }),
  upload: defineRoute({
    method: 'POST',
    path: '/certificate/upload',
    summary: 'Upload a certificate chain and its private key',
    tag,
    permission: { id: 'certificate', action: 'add' },
    body: CertificateCreateSchema,
    data: CertificateDetailSchema,
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/certificate/:id/detail',
    summary: 'One certificate',
    tag,
    permission: query,
    params: IdParamsSchema,
    data: CertificateDetailSchema,
  }),
  download: defineRoute({
    method: 'GET',
    path: '/certificate/:id/download',
    summary: 'The PEM chain, or a zip of fullchain.pem (the chain) and privkey.pem (the private key)',
    tag,
    permission: { id: 'certificate', action: 'export' },
    params: IdParamsSchema,
    query: CertificateDownloadQuerySchema,
    data: EmptySchema,
    response: 'file',
  }),
  replace: defineRoute({
    method: 'POST',
    path: '/certificate/:id/replace',
    summary: 'Replace the chain and key; redeployed to the same domains',
    tag,
    permission: edit,
    params: IdParamsSchema,
    body: CertificateReplaceSchema,
    data: CertificateReplaceResultSchema,
  }),
  delete: defineRoute({
    method: 'POST',
    path: '/certificate/delete',
    summary: 'Delete a certificate that is not deployed',
    tag,
    permission: { id: 'certificate', action: 'delete' },
    body: CertificateIdBodySchema,
    data: EmptySchema,
  }),
  coveredDomains: defineRoute({
    method: 'GET',
    path: '/certificate/:id/domains',
    summary: 'My domains this certificate covers, and where it is deployed',
    tag,
    permission: query,
    params: IdParamsSchema,
    data: CertificateCoveredDomainSchema.array(),
  }),
  deploy: defineRoute({
    method: 'POST',
    path: '/certificate/:id/deploy',
    summary: 'Deploy to domains it covers: HTTPS on with this certificate, per-domain results',
    tag,
    permission: edit,
    params: IdParamsSchema,
    body: CertificateDeploySchema,
    data: CertificateDeployResultsSchema,
  }),
};

/*
 * Certificate applications (/certificate/order, /certificate/order/{id}/detail): a certificate from the CA through
 * ACME with DNS-01 records, spec section 4.
 * - Ownership: every :id is the caller's application; a foreign or missing one answers CERT_APPLICATION_NOT_FOUND
 *   (404, 'Application record not found').
 * - create: CERT_NAME_NOT_OWNED when a name is not under an apex the caller has verified (the names in the message);
 *   field deployDomainIds (certificate.application.deployNotCovered) for a domain that is not the caller's or not
 *   covered. The application starts 'creating'; its records appear within moments (poll the detail).
 * - verify (pending only): the records are looked up through DNS_SERVERS; a missing or different record, or DNS that
 *   does not answer, leaves the application 'failed' with failureReason ('DNS verification failed, please check DNS
 *   record configuration: ...') and dnsCheck saying what was found. Otherwise it goes 'generating'.
 * - retry (failed or expired): retryCount + 1; after a DNS failure the same records are verified again ('pending'),
 *   after a CA failure or an expiry a new order is placed ('creating', new records).
 * - While 'creating' or 'generating', a try that did not get through (the CA unreachable, still validating) adds
 *   to retryCount and shows retryReason and nextAttemptAt; after the job's back-off the application ends 'failed'.
 * - Renewals (renewalOf set) are started by the hourly maintenance run 30 days before the certificate ends; one that
 *   waits for new records is announced at once (message centre and mail) and reminded 7 and 3 days before the end;
 *   one that failed or expired is tried again by the next maintenance run while the certificate is in that window.
 * - verify and retry answer CERT_APPLICATION_STATE (409) in any other status.
 * - A completed application's certificate is a managed certificate: download and deploy it through the
 *   certificate routes above with its certificateId.
 */
const order = { id: 'certificate', action: 'query' } as const;

export const certificateApplicationRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/certificate/order/list',
    summary: 'My certificate applications, newest first; search by name, filter by status',
    tag,
    permission: order,
    query: CertificateApplicationListQuerySchema,
    data: pageOf(CertificateApplicationListItemSchema),
  }),
  options: defineRoute({
    method: 'GET',
    path: '/certificate/order/options',
    summary: 'The apexes I have verified (names under them can be applied for) and my domains',
    tag,
    permission: order,
    data: CertificateApplicationOptionsSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/certificate/order/create',
    summary: 'Apply for a certificate: names, key type, domains to deploy it to',
    tag,
    permission: { id: 'certificate', action: 'add' },
    body: CertificateApplicationCreateSchema,
    data: CertificateApplicationDetailSchema,
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/certificate/order/:id/detail',
    summary: 'One application: status, TXT records, times, failure reason',
    tag,
    permission: order,
    params: IdParamsSchema,
    data: CertificateApplicationDetailSchema,
  }),
  verify: defineRoute({
    method: 'POST',
    path: '/certificate/order/:id/verify',
    summary: 'Check the TXT records in DNS and, when right, have the certificate generated',
    tag,
    permission: edit,
    params: IdParamsSchema,
    data: CertificateApplicationDetailSchema,
  }),
  retry: defineRoute({
    method: 'POST',
    path: '/certificate/order/:id/retry',
    summary: 'Retry a failed or expired application',
    tag,
    permission: edit,
    params: IdParamsSchema,
    data: CertificateApplicationDetailSchema,
  }),
};
