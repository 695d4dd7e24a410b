// The message area's door: the latest messages, shown on the overview, and a message as the message centre shows
// it, which the operator console's notice preview reuses.
export { LatestMessages } from './LatestMessages';
export { MessageView } from './MessageView';
