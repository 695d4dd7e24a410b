import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { EdgeLogBatchResult } from '@edgeward/contract';
import { type BatchSums, LineSummer, type PackedSums, packSums } from './host-sums';
import { type AccessLogLine, newLineMemo, parseLogLine } from './log-line';

const gunzipAsync = promisify(gunzip);

/** Rejected lines described in a batch's answer; the rest are only counted. */
export const PROBLEMS_SHOWN = 10;

/** nginx's lines are a few hundred bytes; a longer one is refused without being read. */
const MAX_LINE = 64 * 1024;

/** Lines as read: the bad ones counted, the first few described. */
interface LinesRead {
  problems: EdgeLogBatchResult['problems'];
  rejected: number;
  /** Non-empty lines. */
  total: number;
}

/** Inflating stopped at `limit` bytes: the batch is refused as a whole. */
export class InflatedTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} bytes once inflated`);
  }
}

/** Reads JSON lines, handing each good one to `sink`. */
class LineReader {
  readonly read: LinesRead = { problems: [], rejected: 0, total: 0 };
  /** Newlines read: the next part of a batch numbers its lines from here. */
  newlines = 0;
  private readonly memo = newLineMemo();

  constructor(
    private readonly sink: (line: AccessLogLine) => void,
    private readonly problemsShown: number,
  ) {}

  readAll(text: string): void {
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      this.newlines++;
      this.readLine(text.slice(start, end), this.newlines);
      start = end + 1;
    }
    this.readLine(text.slice(start), this.newlines + 1);
  }

  private readLine(text: string, number: number): void {
    const tooLong = text.length > MAX_LINE;
    const raw = tooLong ? text : text.trim();
    if (raw === '') return;
    this.read.total++;
    const parsed = tooLong ? ({ ok: false, problem: 'line too long' } as const) : parseLogLine(raw, this.memo);
    if (parsed.ok) {
      this.sink(parsed.line);
    } else {
      this.read.rejected++;
      if (this.read.problems.length < this.problemsShown)
        this.read.problems.push({ line: number, problem: parsed.problem });
    }
  }
}

/**
 * Splits the text into lines and reads each; empty lines are skipped, bad ones counted with the first few
 * (`problemsShown`) described.
 */
export function parseLines(text: string, problemsShown = PROBLEMS_SHOWN): LinesRead & { lines: AccessLogLine[] } {
  const lines: AccessLogLine[] = [];
  const reader = new LineReader((line) => lines.push(line), problemsShown);
  reader.readAll(text);
  return { ...reader.read, lines };
}

/** A part of a batch read and summed per host. */
export interface PartRead extends LinesRead {
  sums: BatchSums;
  /** Newlines in the part: where the next part's line numbers start. */
  newlines: number;
}

/** A part as a reading thread hands it back. */
export type PackedPart = Omit<PartRead, 'sums'> & { sums: PackedSums };

export function packPart(part: PartRead): PackedPart {
  return { ...part, sums: packSums(part.sums) };
}

/** Reads a part of a batch (or all of it), summing its good lines per host as they are read. */
export function readPart(text: string, problemsShown = PROBLEMS_SHOWN): PartRead {
  const summer = new LineSummer();
  const reader = new LineReader((line) => summer.add(line), problemsShown);
  reader.readAll(text);
  return { ...reader.read, sums: summer.sums, newlines: reader.newlines };
}

/**
 * A gzip body's text, inflated on libuv's thread pool, refused (InflatedTooLargeError) once more than `limit` bytes
 * have come out: a small body that inflates to gigabytes costs no more than `limit` of work and memory. A body that
 * is not gzip throws zlib's error.
 */
export async function inflateText(body: Uint8Array, limit: number): Promise<string> {
  try {
    return (await gunzipAsync(body, { maxOutputLength: limit })).toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new InflatedTooLargeError(limit);
    throw error;
  }
}
