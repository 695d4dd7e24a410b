import type { Ticket, TicketDetail, TicketImage } from '@edgeward/contract';
import type { TicketImageRow, TicketReplyRow, TicketRow } from '../../db/schema';

const ticketImageUrl = (id: number) => `/api/support/images/${id}`;

export function toTicketImage(row: TicketImageRow): TicketImage {
  return { id: row.id, url: ticketImageUrl(row.id), contentType: row.contentType, size: row.size };
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

export function toTicketDetail(row: TicketRow, replies: TicketReplyRow[], images: TicketImageRow[]): TicketDetail {
  const imagesOf = (replyId: number | null) => images.filter((i) => i.replyId === replyId).map(toTicketImage);
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
