// @vitest-environment jsdom
import '../../../test/dom';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListScreen } from '../../../components/ListScreen';
import { searchOf, useAddressStart, useSearchInAddress, withSearch } from './address-search';

describe('the search kept in the address', () => {
  it('sets or drops the search and keeps the rest (the tab in view)', () => {
    const params = new URLSearchParams('tab=orders&search=old');
    expect(withSearch(params, 'alice b').toString()).toBe('tab=orders&search=alice+b');
    expect(withSearch(params, '').toString()).toBe('tab=orders');
    expect(params.toString()).toBe('tab=orders&search=old');
  });

  it('reads the search trimmed, and none when absent', () => {
    expect(searchOf(new URLSearchParams('search=%20bob%20'))).toBe('bob');
    expect(searchOf(new URLSearchParams('tab=orders'))).toBe('');
  });
});

function listAt(entry: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[entry]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => {
      const screen = useListScreen<{ search: string }>({ search: '' }, useAddressStart());
      useSearchInAddress(screen);
      return { screen, location: useLocation(), navigate: useNavigate() };
    },
    { wrapper },
  ).result;
}

describe('a list whose search lives in the address', () => {
  it('opens with the address’s search in force and in the box', () => {
    const list = listAt('/admin/customers?search=alice');
    expect(list.current.screen.query).toMatchObject({ search: 'alice', page: 1 });
    expect(list.current.screen.search).toBe('alice');
  });

  it('writes a committed search to the address (keeping the tab), and drops it when cleared', () => {
    const list = listAt('/admin/finance?tab=orders');
    act(() => list.current.screen.change({ search: 'bob' }));
    expect(list.current.location.search).toBe('?tab=orders&search=bob');
    act(() => list.current.screen.clear());
    expect(list.current.location.search).toBe('?tab=orders');
    expect(list.current.screen.filterQuery).toEqual({});
  });

  it('follows a new address (a link, the menu) while on screen', () => {
    const list = listAt('/admin/customers?search=alice');
    act(() => list.current.navigate('/admin/customers?search=carol'));
    expect(list.current.screen.filters.search).toBe('carol');
    expect(list.current.screen.search).toBe('carol');
    act(() => list.current.navigate('/admin/customers'));
    expect(list.current.screen.filters.search).toBe('');
  });
});
