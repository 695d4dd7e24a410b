import { createHash } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import type { EdgeLogBatchResult } from '@edgeward/contract';
import { type AccessLogLine, newLineMemo, parseLogLine } from './log-line';

/** Rejected lines described in a batch's answer; the rest are only counted. */
const PROBLEMS_SHOWN = 10;

/** nginx's lines are a few hundred bytes; a longer one is refused without being held. */
const MAX_LINE = 64 * 1024;

/** A batch's lines as read: the good ones, the bad ones counted (the first few described), the text's SHA-256. */
export interface ReadLines {
  lines: AccessLogLine[];
  problems: EdgeLogBatchResult['problems'];
  rejected: number;
  /** Non-empty lines. */
  total: number;
  /** Of the text, hex: what names a batch posted without an id. */
  sha256: string;
}

/** Inflating stopped at `limit` bytes: the batch is refused as a whole. */
export class InflatedTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} bytes once inflated`);
  }
}

/**
 * Reads JSON lines from text that arrives in pieces: each complete line is parsed as soon as its newline arrives,
 * so the text itself is never held whole, only the unfinished line (at most MAX_LINE).
 */
class LineReader {
  private readonly read: Omit<ReadLines, 'sha256'> = { lines: [], problems: [], rejected: 0, total: 0 };
  private readonly hash = createHash('sha256');
  private readonly memo = newLineMemo();
  private pending: string[] = [];
  private pendingLength = 0;
  private tooLong = false;
  private number = 0;

  constructor(private readonly problemsShown = PROBLEMS_SHOWN) {}

  push(text: string): void {
    this.hash.update(text);
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      this.take(text.slice(start, end));
      this.finishLine();
      start = end + 1;
    }
    this.take(text.slice(start));
  }

  end(): ReadLines {
    this.finishLine();
    return { ...this.read, sha256: this.hash.digest('hex') };
  }

  private take(piece: string): void {
    if (this.tooLong || piece === '') return;
    this.pendingLength += piece.length;
    if (this.pendingLength > MAX_LINE) {
      this.tooLong = true;
      this.pending = [];
    } else {
      this.pending.push(piece);
    }
  }

  private finishLine(): void {
    this.number++;
    const raw = this.pending.join('').trim();
    const tooLong = this.tooLong;
    this.pending = [];
    this.pendingLength = 0;
    this.tooLong = false;
    if (!tooLong && raw === '') return;
    this.read.total++;
    const parsed = tooLong ? ({ ok: false, problem: 'line too long' } as const) : parseLogLine(raw, this.memo);
    if (parsed.ok) {
      this.read.lines.push(parsed.line);
    } else {
      this.read.rejected++;
      if (this.read.problems.length < this.problemsShown)
        this.read.problems.push({ line: this.number, problem: parsed.problem });
    }
  }
}

/**
 * Splits the text into lines and reads each; empty lines are skipped, bad ones counted with the first few
 * (`problemsShown`) described.
 */
export function parseLines(text: string, problemsShown?: number): ReadLines {
  const reader = new LineReader(problemsShown);
  reader.push(text);
  return reader.end();
}

/**
 * Reads a gzip body's lines as they inflate, refusing it (InflatedTooLargeError) once more than `limit` bytes have
 * come out: a small body that inflates to gigabytes costs no more than `limit` of work and the lines read so far.
 * A body that is not gzip throws zlib's error.
 */
export async function parseGzipLines(body: Uint8Array, limit: number): Promise<ReadLines> {
  const reader = new LineReader();
  const decoder = new StringDecoder('utf8');
  const gunzip = createGunzip();
  gunzip.end(body);
  let inflated = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      inflated += chunk.length;
      if (inflated > limit) throw new InflatedTooLargeError(limit);
      reader.push(decoder.write(chunk));
    }
  } finally {
    gunzip.destroy();
  }
  reader.push(decoder.end());
  return reader.end();
}
