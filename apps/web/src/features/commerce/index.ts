// The commerce area's door: the packages in force (overview, account info) and how amounts are shown.
export { yuan } from './money';
export { PackagesInForce } from './PackagesInForce';
