import { eoDomainRoutes, type SecurityPolicyInput } from '@edgeward/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from './client';
import { domainKeys } from './domain';

export const eoKeys = {
  detail: (id: number) => ['eo', 'domain', id] as const,
};

/** One edge-platform domain in its four parts. Silent: the settings page shows a failure in place. */
export function useEoDomain(id: number) {
  return useQuery({
    queryKey: eoKeys.detail(id),
    queryFn: () => request(eoDomainRoutes.detail, { params: { id } }, { silent: true }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Saves the whole security policy; silent, the form reports field errors under its fields. */
export function useSaveEoSecurity(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SecurityPolicyInput) =>
      request(eoDomainRoutes.security, { params: { id }, body }, { silent: true }),
    onSuccess: (data) => {
      client.setQueryData(eoKeys.detail(id), data);
      void client.invalidateQueries({ queryKey: domainKeys.lists });
    },
  });
}
