import { limits } from '@edgeward/contract';
import type { TrafficIngest } from './traffic-ingest.service';

/** Lines per batch when a file is imported: each batch is one transaction and one idempotency key. */
export const IMPORT_BATCH_LINES = 50_000;

/**
 * The node imported files are recorded under, from the command line and the console alike: a batch's key is the
 * SHA-256 of its lines, so the same file imported again, by either door, is not counted twice.
 */
const IMPORT_NODE = 'ops';

/** What an imported file came to, summed over its batches. */
interface ImportSummary {
  /** Non-empty lines read. */
  lines: number;
  accepted: number;
  rejected: number;
  unknownHost: number;
  batches: number;
  /** Batches imported before (not counted again), and the lines they held. */
  duplicateBatches: number;
  duplicateLines: number;
}

/** Whether bytes start as gzip does (its magic bytes), whatever the file is called. */
export function isGzip(head: Uint8Array): boolean {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}

/** The lines of a text, one at a time (a file's text need not be split into an array of lines at once). */
export function* linesOfText(text: string): Generator<string> {
  let start = 0;
  for (let end = text.indexOf('\n', start); end !== -1; end = text.indexOf('\n', start)) {
    yield text.slice(start, end);
    start = end + 1;
  }
  if (start < text.length) yield text.slice(start);
}

/**
 * The one import of a file's access-log lines, for `npm run ops -- logs import` and the operator console: the lines
 * go to the ingestion in batches of IMPORT_BATCH_LINES under IMPORT_NODE, and their counts are summed. The first
 * rejected lines of each batch (limits.traffic.importProblemsShown) are handed to `onProblem` with their line number
 * in the whole file.
 */
export async function importLogLines(
  ingest: TrafficIngest,
  lines: AsyncIterable<string> | Iterable<string>,
  onProblem: (line: number, problem: string) => void = () => undefined,
): Promise<ImportSummary> {
  const sum: ImportSummary = {
    lines: 0,
    accepted: 0,
    rejected: 0,
    unknownHost: 0,
    batches: 0,
    duplicateBatches: 0,
    duplicateLines: 0,
  };
  const send = async (chunk: string[]) => {
    const text = chunk.join('\n');
    const result = await ingest.ingest({ node: IMPORT_NODE, text, problemsShown: limits.traffic.importProblemsShown });
    const offset = sum.batches * IMPORT_BATCH_LINES;
    sum.batches++;
    sum.lines += result.lines;
    sum.rejected += result.rejected;
    sum.accepted += result.accepted;
    sum.unknownHost += result.unknownHost;
    if (result.duplicate) {
      sum.duplicateBatches++;
      sum.duplicateLines += result.lines;
    }
    for (const p of result.problems) onProblem(offset + p.line, p.problem);
  };
  let chunk: string[] = [];
  for await (const line of lines) {
    chunk.push(line);
    if (chunk.length === IMPORT_BATCH_LINES) {
      await send(chunk);
      chunk = [];
    }
  }
  if (chunk.length > 0) await send(chunk);
  return sum;
}
