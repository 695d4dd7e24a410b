import {
  type RouteQuery,
  type StaffOwnership,
  type StaffTicketDetail,
  staffReviewRoutes,
  staffTicketRoutes,
  type TicketReplyCreate,
} from '@edgeward/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { download, request } from './client';
import { ticketImageUrl } from './ticket-image-url';

/** The operator console's desks (issue 28): the support staff's tickets and the reviewer's reviews. */

export type StaffTicketQueryInput = RouteQuery<typeof staffTicketRoutes.tickets>;
export type StaffRealNameQueryInput = RouteQuery<typeof staffReviewRoutes.realName>;

/** Under `admin`, as every staff answer: ending the staff session drops them (api/admin.ts). */
const deskKeys = {
  tickets: ['admin', 'tickets'] as const,
  ticketList: (query: StaffTicketQueryInput) => ['admin', 'tickets', 'list', query] as const,
  ticket: (id: number) => ['admin', 'tickets', 'detail', id] as const,
  image: (id: number) => ['admin', 'ticket-image', id] as const,
  reviews: ['admin', 'reviews'] as const,
  domains: ['admin', 'reviews', 'domains'] as const,
  realName: (query: StaffRealNameQueryInput) => ['admin', 'reviews', 'real-name', query] as const,
};

/** Reads shown in place through components/DataState stay quiet; the page shows their failure. */
const shownInPlace = { silent: true } as const;

/** The queue is read afresh whenever it is shown: customers write meanwhile. */
export function useStaffTickets(query: StaffTicketQueryInput) {
  return useQuery({
    queryKey: deskKeys.ticketList(query),
    queryFn: () => request(staffTicketRoutes.tickets, { query }, shownInPlace),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useStaffTicket(id: number) {
  return useQuery({
    queryKey: deskKeys.ticket(id),
    queryFn: () => request(staffTicketRoutes.ticket, { params: { id } }, shownInPlace),
    staleTime: 0,
  });
}

/** An image of a ticket as a URL for <img>, read with the staff token (an <img src> cannot send it). */
export function useStaffTicketImage(id: number) {
  return useQuery({
    queryKey: deskKeys.image(id),
    queryFn: async () =>
      ticketImageUrl((await download(staffTicketRoutes.image, { params: { id } }, shownInPlace)).blob),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
  });
}

/** Uploads one image for a reply to ticket `ticketId`; silent: the uploader shows the reason. */
export function staffTicketImageUploader(ticketId: number) {
  return (file: File) => {
    const body = new FormData();
    body.append('file', file);
    return request(staffTicketRoutes.uploadImage, { params: { id: ticketId }, body }, { silent: true });
  };
}

/** A change to a ticket: its answer is the ticket as it now stands; the queue and the audit log are read afresh. */
function useTicketChange<V>(id: number, call: (vars: V) => Promise<StaffTicketDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (ticket) => client.setQueryData(deskKeys.ticket(id), ticket),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: deskKeys.tickets }),
        client.invalidateQueries({ queryKey: ['admin', 'audit'] }),
        client.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
      ]),
  });
}

/** Silent: the reply form shows the failure under its fields or as the one message. */
export const useStaffReply = (id: number) =>
  useTicketChange(id, (body: TicketReplyCreate) =>
    request(staffTicketRoutes.reply, { params: { id }, body }, { silent: true }),
  );

export const useStaffResolve = (id: number) =>
  useTicketChange(id, () => request(staffTicketRoutes.resolve, { params: { id } }));

export function useDomainReviews(enabled = true) {
  return useQuery({
    queryKey: deskKeys.domains,
    queryFn: () => request(staffReviewRoutes.domains, undefined, shownInPlace),
    staleTime: 0,
    enabled,
  });
}

export function useRealNameReviews(query: StaffRealNameQueryInput) {
  return useQuery({
    queryKey: deskKeys.realName(query),
    queryFn: () => request(staffReviewRoutes.realName, { query }, shownInPlace),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** Each decision reads the reviews (a decided one leaves its list), the dashboard and the audit log afresh. */
function useReviewChange<V, R>(call: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: deskKeys.reviews }),
        client.invalidateQueries({ queryKey: ['admin', 'audit'] }),
        client.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
      ]),
  });
}

export const useApproveDomain = () =>
  useReviewChange((id: number) => request(staffReviewRoutes.approveDomain, { params: { id } }));
export const useRejectDomain = () =>
  useReviewChange(({ id, reason }: { id: number; reason: string }) =>
    request(staffReviewRoutes.rejectDomain, { params: { id }, body: { reason } }),
  );
export const useApproveRealName = () =>
  useReviewChange(({ id, reason }: { id: number; reason: string }) =>
    request(staffReviewRoutes.approveRealName, { params: { id }, body: { reason } }),
  );
export const useRevokeRealName = () =>
  useReviewChange(({ id, reason }: { id: number; reason: string }) =>
    request(staffReviewRoutes.revokeRealName, { params: { id }, body: { reason } }),
  );
/** Silent: the form shows the server's refusal (no request, several customers) in place. */
export const useVerifyOwnership = () =>
  useReviewChange((body: StaffOwnership) => request(staffReviewRoutes.verifyOwnership, { body }, { silent: true }));
