import {
  type ApiKeyCreate,
  apiKeyRoutes,
  type SecondFactorLogin,
  type TwoFactorDisable,
  type TwoFactorEnable,
  twoFactorRoutes,
} from '@edgeward/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from './client';

const securityKeys = {
  apiKeys: ['security', 'api-keys'] as const,
  twoFactor: ['security', 'two-factor'] as const,
};

/** Silent: the list shows its own failure in place (components/DataState). */
export function useApiKeys() {
  return useQuery({ queryKey: securityKeys.apiKeys, queryFn: () => request(apiKeyRoutes.list, {}, { silent: true }) });
}

function useKeyMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.apiKeys }),
  });
}

/** Silent: the create form reports its failure (the limit, a long note) itself. */
export const useCreateApiKey = () =>
  useKeyMutation((body: ApiKeyCreate) => request(apiKeyRoutes.create, { body }, { silent: true }));

export const useApiKeyNote = () =>
  useKeyMutation(({ id, note }: { id: number; note: string }) =>
    request(apiKeyRoutes.note, { params: { id }, body: { note } }, { silent: true }),
  );

export const useApiKeyEnabled = () =>
  useKeyMutation(({ id, enabled }: { id: number; enabled: boolean }) =>
    request(enabled ? apiKeyRoutes.enable : apiKeyRoutes.disable, { params: { id } }),
  );

export const useDeleteApiKey = () => useKeyMutation((id: number) => request(apiKeyRoutes.delete, { params: { id } }));

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: securityKeys.twoFactor,
    queryFn: () => request(twoFactorRoutes.status, {}, { silent: true }),
  });
}

export function useTwoFactorSetup() {
  return useMutation({ mutationFn: () => request(twoFactorRoutes.setup, {}) });
}

function useTwoFactorChange<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor }),
  });
}

/** Silent: the forms report a wrong code or password under its field. */
export const useEnableTwoFactor = () =>
  useTwoFactorChange((body: TwoFactorEnable) => request(twoFactorRoutes.enable, { body }, { silent: true }));

export const useDisableTwoFactor = () =>
  useTwoFactorChange((body: TwoFactorDisable) => request(twoFactorRoutes.disable, { body }, { silent: true }));

/** The login's second step; silent, the step reports a wrong code under its field. */
export function useSecondFactorLogin() {
  return useMutation({
    mutationFn: (body: SecondFactorLogin) => request(twoFactorRoutes.login, { body }, { silent: true }),
  });
}
