import {
  type RouteQuery,
  type StaffCreate,
  type StaffLogin,
  type StaffReason,
  type StaffRole,
  type StaffSecondFactor,
  staffRoutes,
} from '@edgeward/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { download, request } from './client';

/** The operator console's calls (issue 28): every one but the two sign-in steps carries the staff token. */

export type StaffAuditQueryInput = RouteQuery<typeof staffRoutes.auditLog>;
export type StaffAuditExportQueryInput = RouteQuery<typeof staffRoutes.auditExport>;

/** Every staff answer sits under `admin`: ending the staff session drops them all and nothing of the customer's. */
export const adminKeys = {
  all: ['admin'] as const,
  me: ['admin', 'me'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  staff: ['admin', 'staff'] as const,
  audit: (query: StaffAuditQueryInput) => ['admin', 'audit', query] as const,
};

/** Reads shown in place through components/DataState stay quiet; the page shows their failure. */
const shownInPlace = { silent: true } as const;

// The sign-in shows the server's message (a wrong password, a locked name) as the one message on screen.
export function useStaffLogin() {
  return useMutation({ mutationFn: (body: StaffLogin) => request(staffRoutes.login, { body }) });
}

/** Silent: the code step puts a wrong code under its field (components/SecondFactorForm). */
export function useStaffSecondFactor() {
  return useMutation({
    mutationFn: (body: StaffSecondFactor) => request(staffRoutes.secondFactor, { body }, { silent: true }),
  });
}

/**
 * The signed-in member; the console's frame waits for it (role, capabilities, the two-factor exemption). Not silent:
 * the frame says that it failed, the request's message says why.
 */
export function useStaffMe(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.me,
    queryFn: () => request(staffRoutes.me),
    enabled,
    staleTime: 60_000,
  });
}

export function useStaffDashboard() {
  return useQuery({
    queryKey: adminKeys.dashboard,
    queryFn: () => request(staffRoutes.dashboard, undefined, shownInPlace),
    staleTime: 0,
  });
}

export function useStaffList() {
  return useQuery({
    queryKey: adminKeys.staff,
    queryFn: () => request(staffRoutes.staffList, undefined, shownInPlace),
  });
}

/** Each staff change reads the list (and the audit log, which records it) afresh. */
function useStaffChange<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.staff }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]),
  });
}

/** Silent: the add form shows a taken name under its field. */
export function useCreateStaff() {
  return useStaffChange((body: StaffCreate) => request(staffRoutes.staffCreate, { body }, { silent: true }));
}

export function useChangeStaffRole() {
  return useStaffChange(({ id, role }: { id: number; role: StaffRole }) =>
    request(staffRoutes.staffChangeRole, { params: { id }, body: { role } }),
  );
}

export function useDisableStaff() {
  return useStaffChange(({ id, reason }: { id: number } & StaffReason) =>
    request(staffRoutes.staffDisable, { params: { id }, body: { reason } }),
  );
}

export function useEnableStaff() {
  return useStaffChange((id: number) => request(staffRoutes.staffEnable, { params: { id } }));
}

export function useResetStaffTwoFactor() {
  return useStaffChange(({ id, reason }: { id: number } & StaffReason) =>
    request(staffRoutes.staffResetTwoFactor, { params: { id }, body: { reason } }),
  );
}

/** The audit log grows with every action, so it is read afresh whenever it is shown. */
export function useStaffAudit(query: StaffAuditQueryInput) {
  return useQuery({
    queryKey: adminKeys.audit(query),
    queryFn: () => request(staffRoutes.auditLog, { query }, shownInPlace),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function downloadStaffAudit(query: StaffAuditExportQueryInput) {
  return download(staffRoutes.auditExport, { query });
}
