import type { Login } from '@edgeward/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { withTimeout } from '../navigation/lazy-page';
import { loadRoutes, type RequestOptions, request } from './client';

/**
 * The contract's user calls, fetched with the first call. The login page and the session store are in the first
 * load; the route table would bring every user schema and zod with it, which drawing the login page does not need.
 */
export function loadUserRoutes() {
  return withTimeout(() => import('@edgeward/contract/routes/user'))().then((module) => module.userRoutes);
}

/** The user calls for a request: their chunk failing is told like the request failing. */
export function userRoutes(options?: RequestOptions) {
  return loadRoutes(loadUserRoutes, options);
}

const captchaKey = (scope: string) => ['account', 'captcha', scope] as const;

/**
 * A captcha for one form (`scope`). Each captcha answers once, so it is never refetched behind the user's back
 * (no focus refetch, no retry, not after a language switch, dropped on unmount); `refetch()` draws a new one.
 */
export function useCaptcha(scope: string, enabled = true) {
  return useQuery({
    queryKey: captchaKey(scope),
    queryFn: async () => request((await userRoutes({ silent: true })).captchaImage, {}, { silent: true }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    meta: { refetchOnLanguageSwitch: false },
  });
}

export function useLogin() {
  return useMutation({ mutationFn: async (body: Login) => request((await userRoutes()).login, { body }) });
}
