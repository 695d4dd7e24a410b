// The support area's door: a ticket's status, its conversation and the reply form, which the operator console's
// ticket desk reuses with the staff's calls.
export { TicketConversation } from './TicketConversation';
export { TicketReplyForm } from './TicketReplyForm';
export { TicketStatusTag } from './TicketStatusTag';
