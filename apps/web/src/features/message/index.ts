// The message area's door: the latest messages, shown on the overview.
export { LatestMessages } from './LatestMessages';
