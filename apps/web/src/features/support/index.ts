// The support area's door: a ticket's status, its images and the image uploader, which the operator console's ticket
// desk reuses with the staff's calls.
export { TicketImages } from './TicketImages';
export { TicketImageUpload, uploadedImageIds } from './TicketImageUpload';
export { TicketStatusTag } from './TicketStatusTag';
