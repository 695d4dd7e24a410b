// The security area's door: two-factor sign-in, set up in the account's security settings.
export { TwoFactorSettings } from './TwoFactorSettings';
