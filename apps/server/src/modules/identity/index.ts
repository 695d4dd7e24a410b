// The identity area's door: the real-name check other areas make before what the spec reserves to verified accounts,
// and the demo installation's sample submission waiting for review.

export { addSampleSubmission } from './identity.sample-data';
export { assertRealNameVerified } from './real-name.guard';
