import {
  type CertificateCreate,
  type CertificateListQueryInput,
  type CertificateReplace,
  certificateRoutes,
} from '@edgeward/contract';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { download, request } from './client';
import { domainKeys } from './domain';

export const certificateKeys = {
  all: ['certificate'] as const,
  lists: ['certificate', 'list'] as const,
  list: (query: CertificateListQueryInput) => ['certificate', 'list', query] as const,
  detail: (id: number) => ['certificate', 'detail', id] as const,
  domains: (id: number) => ['certificate', 'domains', id] as const,
};

/** Reads shown in place through components/DataState (failure, request id, retry) stay quiet. */
const shownInPlace = { silent: true } as const;

export function useCertificateList(query: CertificateListQueryInput, enabled = true) {
  return useQuery({
    queryKey: certificateKeys.list(query),
    queryFn: () => request(certificateRoutes.list, { query }, shownInPlace),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCertificateDetail(id: number | undefined) {
  return useQuery({
    queryKey: certificateKeys.detail(id ?? 0),
    queryFn: () => request(certificateRoutes.detail, { params: { id: id ?? 0 } }, shownInPlace),
    enabled: id !== undefined,
  });
}

/** The caller's domains the certificate covers, and where it is deployed already. */
export function useCoveredDomains(id: number | undefined) {
  return useQuery({
    queryKey: certificateKeys.domains(id ?? 0),
    queryFn: () => request(certificateRoutes.coveredDomains, { params: { id: id ?? 0 } }, shownInPlace),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/** A certificate changed: its lists, its detail and the domains' HTTPS settings it may now be installed on. */
function afterChange(client: QueryClient) {
  void client.invalidateQueries({ queryKey: certificateKeys.all });
  void client.invalidateQueries({ queryKey: domainKeys.all });
}

/** The upload form shows refusals under its fields (reportFormError), so the call is silent. */
export function useUploadCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CertificateCreate) => request(certificateRoutes.upload, { body }, { silent: true }),
    onSuccess: () => afterChange(client),
  });
}

export function useReplaceCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CertificateReplace }) =>
      request(certificateRoutes.replace, { params: { id }, body }, { silent: true }),
    onSuccess: () => afterChange(client),
  });
}

/** The refusal while deployed (naming the domains) is the server's message, shown by the request function. */
export function useDeleteCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(certificateRoutes.delete, { body: { id } }),
    onSuccess: () => afterChange(client),
  });
}

export function useDeployCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, domainIds }: { id: number; domainIds: number[] }) =>
      request(certificateRoutes.deploy, { params: { id }, body: { domainIds } }),
    onSuccess: () => afterChange(client),
  });
}

/** The PEM chain, or the zip with the chain and the private key. */
export function downloadCertificate(id: number, format: 'pem' | 'zip') {
  return download(certificateRoutes.download, { params: { id }, query: { format } });
}
