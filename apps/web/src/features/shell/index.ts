// The shell's door: the page shown instead of one the user may not open, and the boundary that keeps a page's
// failure inside its area.
export { ErrorBoundary } from './ErrorPage';
export { ForbiddenPage } from './ForbiddenPage';
