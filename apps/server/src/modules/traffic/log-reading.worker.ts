import { parentPort } from 'node:worker_threads';
import { packPart, readPart } from './log-reader';

/** A reading thread (reading-threads.ts): reads the parts of batches it is handed, one after another. */
export interface PartRequest {
  id: number;
  text: string;
  problemsShown: number;
}

parentPort?.on('message', ({ id, text, problemsShown }: PartRequest) => {
  try {
    parentPort!.postMessage({ id, part: packPart(readPart(text, problemsShown)) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
