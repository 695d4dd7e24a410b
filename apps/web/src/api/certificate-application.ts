import {
  type CertificateApplicationCreateInput,
  type CertificateApplicationDetail,
  type CertificateApplicationListQuery,
  type CertificateApplicationStatus,
  certificateApplicationRoutes,
} from '@edgeward/contract';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { certificateKeys } from './certificate';
import { request } from './client';

/** Statuses the server moves on by itself (records being generated, the CA issuing); screens poll until they end. */
const working: ReadonlySet<CertificateApplicationStatus> = new Set(['creating', 'generating']);
const isWorking = (status: CertificateApplicationStatus): boolean => working.has(status);

/** How often an application at work is fetched again. */
const APPLICATION_POLL_MS = 2000;

export type CertificateApplicationListFilter = Partial<Pick<CertificateApplicationListQuery, 'search' | 'status'>> & {
  page: number;
  size: number;
};

const applicationKeys = {
  all: ['certificate-application'] as const,
  list: (query: CertificateApplicationListFilter) => ['certificate-application', 'list', query] as const,
  options: ['certificate-application', 'options'] as const,
  detail: (id: number) => ['certificate-application', 'detail', id] as const,
};

/** Reads shown in place through components/DataState (failure, request id, retry) stay quiet. */
const shownInPlace = { silent: true } as const;

export function useApplicationList(query: CertificateApplicationListFilter) {
  return useQuery({
    queryKey: applicationKeys.list(query),
    queryFn: () => request(certificateApplicationRoutes.list, { query }, shownInPlace),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some((row) => isWorking(row.status)) ? APPLICATION_POLL_MS : false),
  });
}

/** The apexes the caller has verified (names under them can be applied for) and their domains. */
export function useApplicationOptions(enabled: boolean) {
  return useQuery({
    queryKey: applicationKeys.options,
    queryFn: () => request(certificateApplicationRoutes.options, {}, shownInPlace),
    enabled,
    staleTime: 0,
  });
}

export function useApplicationDetail(id: number) {
  return useQuery({
    queryKey: applicationKeys.detail(id),
    queryFn: () => request(certificateApplicationRoutes.detail, { params: { id } }, shownInPlace),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (q) => (q.state.data && stillMoving(q.state.data) ? APPLICATION_POLL_MS : false),
  });
}

/**
 * Working, or completed with the deployment it asked for still under way: the certificate is stored (completed)
 * before it is installed on the chosen domains, and the page shows each domain's outcome once it is known.
 */
function stillMoving(application: {
  status: Parameters<typeof isWorking>[0];
  deployDomains: unknown[];
  deployResults: unknown[] | null;
}): boolean {
  if (isWorking(application.status)) return true;
  return application.status === 'completed' && application.deployDomains.length > 0 && !application.deployResults;
}

/** An application moved: its detail is the answer; lists, and the managed certificates it may have produced. */
function afterChange(client: QueryClient, detail: CertificateApplicationDetail) {
  client.setQueryData(applicationKeys.detail(detail.id), detail);
  void client.invalidateQueries({ queryKey: [...applicationKeys.all, 'list'] });
  void client.invalidateQueries({ queryKey: certificateKeys.all });
}

/** The form shows refusals under its fields (reportFormError), so the call is silent. */
export function useCreateApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CertificateApplicationCreateInput) =>
      request(certificateApplicationRoutes.create, { body }, { silent: true }),
    onSuccess: (detail) => afterChange(client, detail),
  });
}

/** Verify and retry: a refusal (wrong status) is the request function's message; the outcome is the detail. */
export function useApplicationAction(action: 'verify' | 'retry') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(certificateApplicationRoutes[action], { params: { id } }),
    onSuccess: (detail) => afterChange(client, detail),
  });
}
