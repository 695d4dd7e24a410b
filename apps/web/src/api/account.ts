import {
  type EmailChangeCodeRequest,
  type EmailCodeRequest,
  type ForgotPassword,
  type PageQuery,
  type PasswordEdit,
  type ProfileEdit,
  type Register,
  type ResetPassword,
  userRoutes,
} from '@edgeward/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from './client';

// The login page's calls (captcha, login) are in auth.ts: the route table imported here would weigh that page down.

const accountKeys = {
  sessions: ['account', 'sessions'] as const,
  loginLog: (query: PageQuery) => ['account', 'login-log', query] as const,
};

/** The page shows a failed simulation itself, so the call stays silent. */
export function useSimulationLogin() {
  return useMutation({
    mutationFn: (token: string) => request(userRoutes.simulation, { params: { token } }, { silent: true }),
  });
}

// The form calls below are silent: the form reports a failure once, under its field or as the message
// (reportFormError in lib/form.ts).

export function useSendEmailCode() {
  return useMutation({
    mutationFn: (query: EmailCodeRequest) => request(userRoutes.emailCode, { query }, { silent: true }),
  });
}

export function useRegister() {
  return useMutation({ mutationFn: (body: Register) => request(userRoutes.register, { body }, { silent: true }) });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPassword) => request(userRoutes.forgotPassword, { body }, { silent: true }),
  });
}

/** Silent: an invalid link is shown as the page itself, other failures under the fields or as a message. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPassword) => request(userRoutes.resetPassword, { body }, { silent: true }),
  });
}

export function useSendEmailChangeCode() {
  return useMutation({
    mutationFn: (body: EmailChangeCodeRequest) => request(userRoutes.emailChangeCode, { body }, { silent: true }),
  });
}

export function useEditProfile() {
  return useMutation({ mutationFn: (body: ProfileEdit) => request(userRoutes.edit, { body }, { silent: true }) });
}

export function useEditPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordEdit) => request(userRoutes.editPassword, { body }, { silent: true }),
    // The server signs the other sessions out.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

export function useSessions() {
  // Silent: the list shows its own failure in place (components/DataState).
  return useQuery({
    queryKey: accountKeys.sessions,
    queryFn: () => request(userRoutes.sessions, {}, { silent: true }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(userRoutes.revokeOtherSessions, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

export function useLoginLog(query: PageQuery, enabled = true) {
  return useQuery({
    queryKey: accountKeys.loginLog(query),
    queryFn: () => request(userRoutes.loginLog, { query }, { silent: true }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Where the avatar Upload posts its multipart body (it bypasses the JSON request function). */
export const avatarUploadPath = `/api${userRoutes.avatar.path}`;
