import { describe, expect, it } from 'vitest';
import { bothOf, type Remote, remoteState } from './remote-state';

const remote = <D>(over: Partial<Remote<D>>): Remote<D> => ({
  data: undefined,
  error: null,
  isFetching: false,
  isPlaceholderData: false,
  refetch: async () => undefined,
  ...over,
});
const noRows = (rows: number[]) => rows.length === 0;

describe('remoteState', () => {
  it('is loading until the first answer, never empty', () => {
    expect(remoteState(remote<number[]>({ isFetching: true }), noRows)).toEqual({ kind: 'loading' });
  });

  it('is an error when the read failed without data, never empty', () => {
    const error = new Error('500');
    expect(remoteState(remote<number[]>({ error }), noRows)).toEqual({ kind: 'error', error });
  });

  it('is empty only for an answer that really is empty', () => {
    expect(remoteState(remote({ data: [] }), noRows)).toEqual({ kind: 'empty', data: [] });
    expect(remoteState(remote({ data: [1] }), noRows)).toEqual({ kind: 'data', data: [1] });
  });

  it('keeps an empty page of the previous filter as loading while the next one comes', () => {
    expect(remoteState(remote({ data: [], isPlaceholderData: true, isFetching: true }), noRows)).toEqual({
      kind: 'loading',
    });
  });

  it('keeps rows last loaded when a refresh fails, with the error beside them', () => {
    const error = new Error('500');
    expect(remoteState(remote({ data: [1], error }), noRows)).toEqual({ kind: 'data', data: [1], staleError: error });
    expect(remoteState(remote({ data: [], error }), noRows)).toEqual({ kind: 'error', error });
  });
});

describe('bothOf', () => {
  it('has data only when both have, the first error, and retries only what failed', async () => {
    const calls: string[] = [];
    const a = remote({ data: 1, refetch: async () => calls.push('a') });
    const error = new Error('b failed');
    const b = remote<number>({ error, refetch: async () => calls.push('b') });
    const both = bothOf(a, b);
    expect(both.data).toBeUndefined();
    expect(both.error).toBe(error);
    await both.refetch();
    expect(calls).toEqual(['b']);
    expect(bothOf(a, remote({ data: 2 })).data).toEqual([1, 2]);
  });
});
