/**
 * The four states of anything the console loads (DESIGN.md: loading, error, empty, data), told apart once for
 * every table and page. Pure: the components in components/DataState.tsx draw each state.
 */

/** What a read offers (a TanStack Query result fits). */
export interface Remote<D> {
  data: D | undefined;
  error: unknown;
  isFetching: boolean;
  /** The data shown belongs to the previous query (a page or filter change still on its way). */
  isPlaceholderData: boolean;
  refetch: () => Promise<unknown>;
}

export type RemoteState<D> =
  | { kind: 'loading' }
  | { kind: 'error'; error: unknown }
  | { kind: 'empty'; data: D }
  /** `staleError`: a refresh failed; the rows last loaded are still shown, with the failure above them. */
  | { kind: 'data'; data: D; staleError?: unknown };

/**
 * An error without data is an error, never an empty list; an empty answer still being replaced (an empty page kept
 * while the next filter loads) is loading, never 'no data'; empty is only an answer that really is empty.
 */
export function remoteState<D>(remote: Remote<D>, isEmpty: (data: D) => boolean): RemoteState<D> {
  const { data, error } = remote;
  if (data === undefined) return error ? { kind: 'error', error } : { kind: 'loading' };
  const empty = isEmpty(data);
  if (empty && remote.isPlaceholderData) return { kind: 'loading' };
  if (error) return empty ? { kind: 'error', error } : { kind: 'data', data, staleError: error };
  return empty ? { kind: 'empty', data } : { kind: 'data', data };
}

/** Two reads a screen needs together (a domain's configuration and its detail) as one. */
export function bothOf<A, B>(a: Remote<A>, b: Remote<B>): Remote<[A, B]> {
  return {
    data: a.data !== undefined && b.data !== undefined ? [a.data, b.data] : undefined,
    error: a.error ?? b.error,
    isFetching: a.isFetching || b.isFetching,
    isPlaceholderData: a.isPlaceholderData || b.isPlaceholderData,
    refetch: () => Promise.all([a.error ? a.refetch() : undefined, b.error ? b.refetch() : undefined]),
  };
}
