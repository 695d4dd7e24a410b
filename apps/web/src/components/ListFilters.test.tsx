// @vitest-environment jsdom
import '../test/dom';
import { limits } from '@edgeward/contract';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useListState } from './ListFilters';

interface Filters {
  search: string;
  status?: 'active' | 'expired';
  sort?: 'newest' | 'oldest';
}

function listState(pageSize?: number) {
  return renderHook(() => useListState<Filters>({ search: '' }, pageSize)).result;
}

/** A list turned to page 3: a filter's change must bring it back to the first page. */
function onPageThree(state: ReturnType<typeof listState>) {
  act(() => state.current.pageState.onChange(3, state.current.pageState.size));
  expect(state.current.pageState.page).toBe(3);
}

describe('useListState', () => {
  it('starts on the first page, at the default page size, with the initial filters and an empty box', () => {
    const state = listState();
    expect(state.current.pageState).toMatchObject({ page: 1, size: limits.page.defaultSize });
    expect(state.current.filters).toEqual({ search: '' });
    expect(state.current.search).toBe('');
  });

  it('takes the page size the list asks for', () => {
    expect(listState(10).current.pageState.size).toBe(10);
  });

  it('turns pages at the same size, and goes back to the first page when the size changes', () => {
    const state = listState();
    onPageThree(state);
    act(() => state.current.pageState.onChange(4, 20));
    expect(state.current.pageState).toMatchObject({ page: 4, size: 20 });
    act(() => state.current.pageState.onChange(4, 50));
    expect(state.current.pageState).toMatchObject({ page: 1, size: 50 });
  });

  it('merges a changed filter into those in force and goes back to the first page', () => {
    const state = listState();
    act(() => state.current.change({ status: 'active' }));
    onPageThree(state);
    act(() => state.current.change({ search: 'example.com' }));
    expect(state.current.filters).toEqual({ search: 'example.com', status: 'active' });
    expect(state.current.pageState.page).toBe(1);
  });

  it('keeps the page size when a filter changes', () => {
    const state = listState();
    act(() => state.current.pageState.onChange(1, 50));
    act(() => state.current.change({ status: 'expired' }));
    expect(state.current.pageState.size).toBe(50);
  });

  it('keeps what is typed in the box apart from the search in force until it is committed', () => {
    const state = listState();
    onPageThree(state);
    act(() => state.current.setSearch('exam'));
    expect(state.current.search).toBe('exam');
    expect(state.current.filters.search).toBe('');
    expect(state.current.pageState.page).toBe(3);
  });

  it('clears back to the initial filters, keeping what it is told to, with an empty box, on the first page', () => {
    const state = listState();
    act(() => {
      state.current.setSearch('example');
      state.current.change({ search: 'example', status: 'expired', sort: 'oldest' });
    });
    onPageThree(state);
    act(() => state.current.clear({ sort: 'oldest' }));
    expect(state.current.filters).toEqual({ search: '', sort: 'oldest' });
    expect(state.current.search).toBe('');
    expect(state.current.pageState.page).toBe(1);
    act(() => state.current.clear());
    expect(state.current.filters).toEqual({ search: '' });
  });
});
