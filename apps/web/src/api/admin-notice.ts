import { type RouteBody, type RouteQuery, staffNoticeRoutes } from '@edgeward/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from './client';

/** The notices desk of the operator console (issue 28): preview through the sanitizer, send, the list of what was sent. */

export type StaffNoticeQueryInput = RouteQuery<typeof staffNoticeRoutes.sent>;
export type StaffNoticeDraftInput = RouteBody<typeof staffNoticeRoutes.preview>;
export type StaffNoticeInput = RouteBody<typeof staffNoticeRoutes.send>;

/** Under `admin`, as every staff answer: ending the staff session drops them (api/admin.ts). */
const noticeKeys = {
  all: ['admin', 'notices'] as const,
  sent: (query: StaffNoticeQueryInput) => ['admin', 'notices', 'sent', query] as const,
};

/** The notices sent, newest first; shown in place (the table shows its failure). */
export function useSentNotices(query: StaffNoticeQueryInput) {
  return useQuery({
    queryKey: noticeKeys.sent(query),
    queryFn: () => request(staffNoticeRoutes.sent, { query }, { silent: true }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** Silent: a refused field goes under its field, anything else is the one message on screen (reportFormError). */
export function usePreviewNotice() {
  return useMutation({
    mutationFn: (body: StaffNoticeDraftInput) => request(staffNoticeRoutes.preview, { body }, { silent: true }),
  });
}

/**
 * Silent as well: an unknown user name is the server's field error under the field. A notice sent reads the list
 * and the audit log afresh.
 */
export function useSendNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffNoticeInput) => request(staffNoticeRoutes.send, { body }, { silent: true }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: noticeKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]),
  });
}
