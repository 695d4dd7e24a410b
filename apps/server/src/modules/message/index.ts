// The message centre's door: how other areas put a message in a customer's message centre.
export { eventMessage, sendMessage } from './message.service';
