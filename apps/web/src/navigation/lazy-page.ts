import { limits } from '@edgeward/contract';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A script chunk that has not arrived in time (spec section 8: 120 s); the error boundary shows it. */
export class ChunkLoadTimeoutError extends Error {
  override readonly name = 'ChunkLoadTimeoutError';
}

/** Rejects with ChunkLoadTimeoutError when `load` has not settled within `ms`. */
export function withTimeout<T>(
  load: () => Promise<T>,
  ms: number = limits.request.chunkLoadTimeoutMs,
): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(`Chunk load timed out after ${ms} ms`)), ms);
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
}

export type LazyPage<P = object> = LazyExoticComponent<ComponentType<P>>;

/** A page (or a heavy part of one) loaded with its own chunk on first use, with the chunk time-out. */
export function lazyPage<P = object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  return lazy(withTimeout(load));
}

/**
 * A chunk fetched once, by whichever use comes first, with the chunk time-out; a failed fetch is forgotten so that the
 * next use tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= withTimeout(load)().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
