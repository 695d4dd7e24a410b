import { defineRoute } from '../route';
import {
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
 *   keyFormat, keyEncrypted, keyType, keyMismatch, chainOrder, chainBroken, expired, notYetValid, chainExpired,
 *   chainNotYetValid). replace answers CERT_NOT_COVERING when the new names miss a domain it is deployed to.
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
    summary: 'The PEM chain, or a zip of the chain and the private key',
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
