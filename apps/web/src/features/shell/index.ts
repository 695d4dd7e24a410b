// The shell's door: the page shown instead of one the user may not open.
export { ForbiddenPage } from './ForbiddenPage';
