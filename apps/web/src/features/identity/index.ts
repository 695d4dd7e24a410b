// The identity area's door: the real-name state, shown in the account's info and settings.
export { MaskedIdentity } from './MaskedIdentity';
export { RealNameSection } from './RealNameSection';
