import { useSyncExternalStore } from 'react';

const query = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia?.(query);
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

const prefersReducedMotion = () => window.matchMedia?.(query).matches ?? false;

/**
 * Whether the visitor's system asks for less motion (WCAG 2.3.3): antd's opening, closing and sliding animations are
 * then left out, and a dialog or a drawer appears at once. Followed live, as the system setting changes.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
