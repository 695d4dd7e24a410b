import { identityRoutes, type RealNameSubmit } from '@edgeward/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from './client';

export const identityKeys = {
  all: ['identity'] as const,
  status: ['identity', 'real-name'] as const,
  attempt: (id: number) => ['identity', 'attempt', id] as const,
};

/** How often the face-check step reads a pending check while it waits for the service's callback. */
const CHECK_POLL_MS = 2_000;

/** My verification: verified or not, the masked identity, the pending or failed check. */
export function useRealNameStatus() {
  return useQuery({
    queryKey: identityKeys.status,
    queryFn: () => request(identityRoutes.realNameStatus, undefined, { silent: true }),
    staleTime: 0,
  });
}

/** One attempt, read again and again while its face check is pending. */
export function useRealNameAttempt(id: number | null) {
  return useQuery({
    queryKey: identityKeys.attempt(id ?? 0),
    queryFn: () => request(identityRoutes.realNameAttempt, { params: { id: id ?? 0 } }, { silent: true }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? CHECK_POLL_MS : false),
    staleTime: 0,
  });
}

/** `fromForm`: the form reports the error under its field, or as the one message (reportFormError). */
export function useSubmitRealName(fromForm: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RealNameSubmit) => request(identityRoutes.realNameSubmit, { body }, { silent: fromForm }),
    onSuccess: (attempt) => {
      client.setQueryData(identityKeys.attempt(attempt.id), attempt);
      void client.invalidateQueries({ queryKey: identityKeys.status });
    },
  });
}
