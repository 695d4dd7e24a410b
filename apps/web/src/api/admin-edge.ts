import { type StaffEdgeNodeCreate, type StaffReason, staffEdgeRoutes } from '@edgeward/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from './admin';
import { request } from './client';

/** Operations' desk of the operator console (issue 28): edge nodes, their failures, republish, traffic import. */

/** Under `admin`, so that ending the staff session drops them with the rest. */
const edgeKeys = {
  all: [...adminKeys.all, 'edge'] as const,
  nodes: [...adminKeys.all, 'edge', 'nodes'] as const,
  failures: [...adminKeys.all, 'edge', 'failures'] as const,
};

/** Reads shown in place (RemoteTable) stay quiet; the page shows their failure. */
const shownInPlace = { silent: true } as const;

export function useEdgeNodes() {
  return useQuery({
    queryKey: edgeKeys.nodes,
    queryFn: () => request(staffEdgeRoutes.nodes, undefined, shownInPlace),
    staleTime: 0,
  });
}

export function useEdgeFailures() {
  return useQuery({
    queryKey: edgeKeys.failures,
    queryFn: () => request(staffEdgeRoutes.failures, undefined, shownInPlace),
    staleTime: 0,
  });
}

/** Each edge change reads the desk (and the audit log, which records it, and the dashboard) afresh. */
function useEdgeChange<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: edgeKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
        queryClient.invalidateQueries({ queryKey: adminKeys.dashboard }),
      ]),
  });
}

/** Silent: a taken or malformed name goes under its field (reportFormError). */
export function useAddEdgeNode() {
  return useEdgeChange((body: StaffEdgeNodeCreate) => request(staffEdgeRoutes.addNode, { body }, { silent: true }));
}

export function useRevokeEdgeNode() {
  return useEdgeChange(({ name, reason }: { name: string } & StaffReason) =>
    request(staffEdgeRoutes.revokeNode, { params: { name }, body: { reason } }),
  );
}

export function useRepublish() {
  return useEdgeChange(() => request(staffEdgeRoutes.republish));
}

/** Uploads one file of access-log lines (multipart, as the ticket images); the request shows a refusal. */
export function useTrafficImport() {
  return useEdgeChange((file: File) => {
    const body = new FormData();
    body.append('file', file);
    return request(staffEdgeRoutes.trafficImport, { body });
  });
}
