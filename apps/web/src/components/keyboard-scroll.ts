import { type RefCallback, useCallback } from 'react';

const focusable = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A table wider than its card scrolls sideways; a keyboard can scroll it only from inside. When nothing in it takes
 * focus (a list of texts), its scrolling area does, while it overflows (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function useKeyboardScroll(selector: string): RefCallback<HTMLElement> {
  return useCallback(
    (element: HTMLElement | null) => {
      if (!element) return;
      const check = () => {
        const region = element.querySelector<HTMLElement>(selector);
        if (!region) return;
        const reachable = region.scrollWidth > region.clientWidth && !region.querySelector(focusable);
        if (reachable) region.tabIndex = 0;
        else region.removeAttribute('tabindex');
      };
      const resized = new ResizeObserver(check);
      const changed = new MutationObserver(check);
      resized.observe(element);
      changed.observe(element, { childList: true, subtree: true });
      check();
      return () => {
        resized.disconnect();
        changed.disconnect();
      };
    },
    [selector],
  );
}
