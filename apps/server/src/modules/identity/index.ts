// The identity area's door: the real-name check other areas make before what the spec reserves to verified accounts.
export { assertRealNameVerified } from './real-name.guard';
