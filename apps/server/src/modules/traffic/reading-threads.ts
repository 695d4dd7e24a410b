import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PackedPart } from './log-reader';
import type { PartRequest } from './log-reading.worker';

/** Reads a part of a batch somewhere else than on the calling thread. */
export interface PartReader {
  read(text: string, problemsShown: number): Promise<PackedPart>;
}

type Reply = { id: number; part: PackedPart } | { id: number; error: string };

/**
 * Where the worker's code is: beside the bundle in a build (scripts/server-build.mjs makes it an entry of its own),
 * or the TypeScript source, loaded through tsx as the tests, the benches and `npm run dev` load the rest.
 */
function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./log-reading-worker.js', import.meta.url));
  const source = new URL('./log-reading.worker.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`,
    { eval: true },
  );
}

/**
 * One thread that reads parts of batches, started at its first part. It keeps the process alive only while it has
 * parts to read; a thread that fails fails the parts it held and is started afresh for the next.
 */
class ReadingThread implements PartReader {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: (part: PackedPart) => void; reject: (e: Error) => void }>();

  read(text: string, problemsShown: number): Promise<PackedPart> {
    const worker = this.started();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, text, problemsShown } satisfies PartRequest);
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker();
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (this.waiting.size === 0) worker.unref();
      if ('part' in reply) waiter?.resolve(reply.part);
      else waiter?.reject(new Error(reply.error));
    });
    const failed = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
    };
    worker.on('error', failed);
    worker.on('exit', (code) => failed(new Error(`the reading thread exited (code ${code})`)));
    this.worker = worker;
    return worker;
  }
}

let threads: PartReader[] | null = null;

/**
 * The process's reading threads, one per core beyond the first (at most three): a batch's lines are read in as many
 * parts at once, the calling thread reading one of them. None on a single core.
 */
export function readingThreads(): readonly PartReader[] {
  threads ??= Array.from({ length: Math.min(3, availableParallelism() - 1) }, () => new ReadingThread());
  return threads;
}
