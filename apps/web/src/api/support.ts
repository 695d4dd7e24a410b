import {
  type RouteQuery,
  supportRoutes,
  type TicketAppeal,
  type TicketClose,
  type TicketCreate,
  type TicketReplyCreate,
} from '@edgeward/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { download, request } from './client';
import { ticketImageUrl } from './ticket-image-url';

export type TicketListQueryInput = RouteQuery<typeof supportRoutes.tickets>;

const supportKeys = {
  all: ['support'] as const,
  tickets: (query: TicketListQueryInput) => ['support', 'tickets', query] as const,
  ticket: (id: number) => ['support', 'ticket', id] as const,
  image: (id: number) => ['support', 'image', id] as const,
};

/** Reads shown in place through components/DataState stay quiet. */
const shownInPlace = { silent: true } as const;

export function useTickets(query: TicketListQueryInput) {
  return useQuery({
    queryKey: supportKeys.tickets(query),
    queryFn: () => request(supportRoutes.tickets, { query }, shownInPlace),
    placeholderData: keepPreviousData,
  });
}

export function useTicket(id: number) {
  return useQuery({
    queryKey: supportKeys.ticket(id),
    queryFn: () => request(supportRoutes.ticket, { params: { id } }, shownInPlace),
  });
}

/** One image, uploaded before the ticket or reply that names it; silent: the uploader shows the reason. */
export function uploadTicketImage(file: File) {
  const body = new FormData();
  body.append('file', file);
  return request(supportRoutes.uploadImage, { body }, { silent: true });
}

/**
 * An image of one of my tickets as a URL for <img>: images need the session header, which an <img src> cannot send.
 * The blob keeps the type the server checked the content to be.
 */
export function useTicketImage(id: number) {
  return useQuery({
    queryKey: supportKeys.image(id),
    queryFn: async () => ticketImageUrl((await download(supportRoutes.image, { params: { id } }, shownInPlace)).blob),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
  });
}

function useTicketMutation<V, R>(call: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: supportKeys.all }),
  });
}

export const useCreateTicket = () =>
  useTicketMutation((body: TicketCreate) => request(supportRoutes.createTicket, { body }, { silent: true }));
export const useReplyTicket = (id: number) =>
  useTicketMutation((body: TicketReplyCreate) =>
    request(supportRoutes.replyTicket, { params: { id }, body }, { silent: true }),
  );
export const useCloseTicket = (id: number) =>
  useTicketMutation((body: TicketClose) =>
    request(supportRoutes.closeTicket, { params: { id }, body }, { silent: true }),
  );
export const useAppealTicket = (id: number) =>
  useTicketMutation((body: TicketAppeal) =>
    request(supportRoutes.appealTicket, { params: { id }, body }, { silent: true }),
  );
export const useDeleteTicket = () =>
  useTicketMutation((id: number) => request(supportRoutes.deleteTicket, { params: { id } }));
