// The sign-in area's door: the login form and the two-factor code step, which the operator console's sign-in reuses.
export { LoginForm, type LoginValues } from './LoginForm';
export { SecondFactorForm } from './SecondFactorStep';
