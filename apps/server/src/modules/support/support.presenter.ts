import type { Ticket, TicketDetail, TicketImage } from '@edgeward/contract';
import type { TicketImageRow, TicketReplyRow, TicketRow } from '../../db/schema';

/** Where a ticket's image is read: the customer's path (their session), or the staff's (a staff session). */
export type ImageUrl = (id: number) => string;
const customerImageUrl: ImageUrl = (id) => `/api/support/images/${id}`;
export const staffImageUrl: ImageUrl = (id) => `/api/admin/tickets/images/${id}`;

export function toTicketImage(row: TicketImageRow, imageUrl: ImageUrl = customerImageUrl): TicketImage {
  return { id: row.id, url: imageUrl(row.id), contentType: row.contentType, size: row.size };
}

export function toTicket(row: TicketRow): Ticket {
  return {
    id: row.id,
    ticketNo: row.ticketNo,
    product: row.product,
    urgency: row.urgency,
    title: row.title,
    status: row.status,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    sample: row.sample,
  };
}

export function toTicketDetail(
  row: TicketRow,
  replies: TicketReplyRow[],
  images: TicketImageRow[],
  imageUrl: ImageUrl = customerImageUrl,
): TicketDetail {
  const imagesOf = (replyId: number | null) =>
    images.filter((i) => i.replyId === replyId).map((i) => toTicketImage(i, imageUrl));
  return {
    ...toTicket(row),
    description: row.description,
    images: imagesOf(null),
    replies: replies.map((r) => ({
      id: r.id,
      author: r.author,
      content: r.content,
      images: imagesOf(r.id),
      createdAt: r.createdAt.getTime(),
    })),
    solved: row.solved,
    rating: row.rating,
    appealReason: row.appealReason,
    closedAt: row.closedAt?.getTime() ?? null,
  };
}
