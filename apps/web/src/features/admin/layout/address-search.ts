import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { ListStart } from '../../../components/ListFilters';

/** The address with its `search` set to `search` (or without one for an empty search), the rest as it was. */
export function withSearch(params: URLSearchParams, search: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (search) next.set('search', search);
  else next.delete('search');
  return next;
}

/** The search the address names (`?search=...`), trimmed; empty when it names none. */
export function searchOf(params: URLSearchParams): string {
  return params.get('search')?.trim() ?? '';
}

/** Where a list whose search lives in the address opens: that search, in force and in the box. */
export function useAddressStart(): ListStart<{ search: string }> {
  const [params] = useSearchParams();
  const search = searchOf(params);
  return { filters: { search }, text: search };
}

interface SearchScreen {
  filters: { search: string };
  setSearch: (text: string) => void;
  change: (next: { search: string }) => void;
}

/**
 * Keeps a list's search in the address, so that a link (`/admin/customers?search=alice`) opens it and a reload keeps
 * it: a committed search is written there (replacing the entry), and a new address (a link, the menu, back) is
 * followed. Open the list with useAddressStart.
 */
export function useSearchInAddress(screen: SearchScreen): void {
  const [params, setParams] = useSearchParams();
  const inAddress = searchOf(params);
  const committed = screen.filters.search;
  const seen = useRef(inAddress);
  const latest = useRef(screen);
  latest.current = screen;
  useEffect(() => {
    if (inAddress !== seen.current) {
      seen.current = inAddress;
      if (inAddress !== committed) {
        latest.current.setSearch(inAddress);
        latest.current.change({ search: inAddress });
      }
    } else if (committed !== inAddress) {
      seen.current = committed;
      setParams((current) => withSearch(current, committed), { replace: true });
    }
  }, [inAddress, committed, setParams]);
}
