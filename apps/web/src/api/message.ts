import { type NoticeListKind, noticeRoutes } from '@edgeward/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshUnreadCount } from '../stores/unread';
import { request } from './client';

const messageKeys = {
  all: ['notice'] as const,
  list: (kind: NoticeListKind, page: number, size: number) => ['notice', 'list', kind, page, size] as const,
  detail: (id: number) => ['notice', 'detail', id] as const,
};

/** One tab of the message centre; `page` is 0-based, as the spec has it for the message list. */
export function useNotices(kind: NoticeListKind, page: number, size: number, enabled = true) {
  return useQuery({
    queryKey: messageKeys.list(kind, page, size),
    queryFn: () => request(noticeRoutes.notices, { params: { type: kind }, query: { page, size } }, { silent: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A message's detail; a failure is silently ignored (spec section 7): no message, no retry. */
export function useNotice(id: number | undefined) {
  return useQuery({
    queryKey: messageKeys.detail(id ?? 0),
    queryFn: () => request(noticeRoutes.notice, { params: { id: id! } }, { silent: true }),
    enabled: id !== undefined,
    retry: false,
  });
}

function useNoticeMutation<V>(call: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: messageKeys.all });
      await refreshUnreadCount();
    },
  });
}

export const useMarkRead = () =>
  useNoticeMutation(({ id, read }: { id: number; read: boolean }) =>
    request(noticeRoutes.updateNotice, { params: { id }, body: { read } }, { silent: true }),
  );
export const useReadAll = () => useNoticeMutation(() => request(noticeRoutes.readAll));
export const useDeleteNotice = () =>
  useNoticeMutation((id: number) => request(noticeRoutes.deleteNotice, { params: { id } }));
export const useDeleteAll = () => useNoticeMutation(() => request(noticeRoutes.deleteAll));
