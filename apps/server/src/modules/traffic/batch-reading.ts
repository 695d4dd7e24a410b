import { addPackedSums } from './host-sums';
import { type PartRead, PROBLEMS_SHOWN, packPart, readPart } from './log-reader';
import type { PartReader } from './reading-threads';

/** Below this many characters a batch is read on the calling thread: handing a part over would cost more than it saves. */
const SPLIT_FROM = 256 * 1024;

export interface BatchReading {
  /** Threads that read the other parts of a big batch while the calling thread reads the first. */
  helpers?: readonly PartReader[];
  problemsShown?: number;
  /** How long a text must be to be split (tests split small ones). */
  splitFrom?: number;
  /** A helper failed: its part was read on the calling thread instead. */
  onHelperFailure?: (error: unknown) => void;
}

/** `text` cut into `parts` pieces of about the same length, each ending at a newline but the last. */
export function splitAtNewlines(text: string, parts: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (let i = 1; i < parts && start < text.length; i++) {
    const newline = text.indexOf('\n', Math.max(start, Math.floor((text.length * i) / parts)));
    if (newline === -1) break;
    pieces.push(text.slice(start, newline + 1));
    start = newline + 1;
  }
  pieces.push(text.slice(start));
  return pieces;
}

/**
 * Reads a batch's lines and sums them per host. A big batch is cut at newlines into one part per thread: the helpers
 * read theirs while this thread reads the first, and the parts are put together in order, so the answer is the one
 * reading it whole would give (lines numbered across the parts, the first problems of the batch described).
 */
export async function readBatch(text: string, options: BatchReading = {}): Promise<PartRead> {
  const problemsShown = options.problemsShown ?? PROBLEMS_SHOWN;
  const helpers = options.helpers ?? [];
  if (helpers.length === 0 || text.length < (options.splitFrom ?? SPLIT_FROM)) return readPart(text, problemsShown);
  const [first, ...others] = splitAtNewlines(text, helpers.length + 1);
  const reading = others.map((piece, i) =>
    helpers[i]!.read(piece, problemsShown).catch((error: unknown) => {
      options.onHelperFailure?.(error);
      return packPart(readPart(piece, problemsShown));
    }),
  );
  const read = readPart(first!, problemsShown);
  let offset = read.newlines;
  for (const part of await Promise.all(reading)) {
    for (const { line, problem } of part.problems) read.problems.push({ line: line + offset, problem });
    read.rejected += part.rejected;
    read.total += part.total;
    addPackedSums(read.sums, part.sums);
    offset += part.newlines;
  }
  read.problems.splice(problemsShown);
  read.newlines = offset;
  return read;
}
