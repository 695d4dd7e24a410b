import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Logger } from './log';
import type { LogPosition } from './state';

const gzipAsync = promisify(gzip);

/*
 * Ships nginx's JSON-lines access log to the console (POST /api/edge/logs) in batches of whole lines. The read
 * position is kept in the state file and moves only when the console has accepted a batch; a batch is named by its
 * file and first byte, and a batch posted but not known to be accepted is recorded before it leaves, so after a
 * restart the same bytes go again under the same name and the console counts them once. Past a size, the log is
 * renamed to `<name>.1` and nginx reopens it; the rest of the renamed file is shipped before the new one.
 */

/** The most bytes read for one batch; longer lines are skipped (nginx's lines are a few hundred bytes). */
const MAX_BATCH_BYTES = 8 * 1024 * 1024;

/** The complete lines at the start of `chunk`, at most `maxLines`: how many and how many bytes they take. */
export function completeLines(chunk: Buffer, maxLines: number): { lines: number; bytes: number } {
  let lines = 0;
  let bytes = 0;
  while (lines < maxLines) {
    const end = chunk.indexOf(0x0a, bytes);
    if (end < 0) break;
    bytes = end + 1;
    lines++;
  }
  return { lines, bytes };
}

function batchIdOf(position: LogPosition): string {
  return `${position.fileId}-${position.offset}`;
}

function newPosition(inode: number): LogPosition {
  return { fileId: `${inode.toString(36)}${randomBytes(4).toString('hex')}`, inode, offset: 0 };
}

export interface LogShipperOptions {
  accessLog: string;
  batchLines: number;
  batchMs: number;
  rotateBytes: number;
  post(gzipped: Buffer, batchId: string): Promise<void>;
  /** nginx reopens its logs (after the rename). */
  reopen(): void;
  load(): LogPosition | null;
  save(position: LogPosition | null): void;
  log: Logger;
  /** Called with every batch's lines as they are accepted (the bandwidth watch reads them). */
  onLines?(text: string): void;
}

export class LogShipper {
  private position: LogPosition | null;
  private lastShip = Date.now();
  private retryAt = 0;
  private backoffMs = 1000;

  constructor(private readonly options: LogShipperOptions) {
    this.position = options.load();
  }

  get rotated(): string {
    return `${this.options.accessLog}.1`;
  }

  /** Bytes nginx has written that the console has not accepted yet, the renamed file's rest included. */
  bytesWaiting(): number {
    const current = statOrNull(this.options.accessLog);
    const position = this.position;
    if (!position) return current?.size ?? 0;
    if (current?.ino === position.inode) return Math.max(0, current.size - position.offset);
    const old = statOrNull(this.rotated);
    const rest = old?.ino === position.inode ? Math.max(0, old.size - position.offset) : 0;
    return rest + (current?.size ?? 0);
  }

  /** One round: ship what is due, rotate when the log is large and fully shipped. Never throws. */
  async tick(force = false): Promise<void> {
    if (Date.now() < this.retryAt && !force) return;
    try {
      await this.round(force);
      this.backoffMs = 1000;
    } catch (error) {
      this.options.log.warn(
        `access log not shipped, retrying in ${this.backoffMs / 1000} s: ${(error as Error).message}`,
      );
      this.retryAt = Date.now() + this.backoffMs;
      this.backoffMs = Math.min(this.backoffMs * 2, 30_000);
    }
  }

  private async round(force: boolean): Promise<void> {
    const current = statOrNull(this.options.accessLog);
    if (this.position && (!current || current.ino !== this.position.inode)) {
      // The file being read was renamed away: finish it where it now is, then start on the new one.
      const old = statOrNull(this.rotated);
      if (old && old.ino === this.position.inode) {
        await this.ship(this.rotated, old.size, true);
        fs.rmSync(this.rotated, { force: true });
      } else {
        this.options.log.warn('the access log was replaced by something else than the agent: its rest is lost');
      }
      this.setPosition(null);
    }
    if (!current) return;
    if (!this.position || current.size < this.position.offset) this.setPosition(newPosition(current.ino));
    await this.ship(this.options.accessLog, current.size, force);
    if (this.position && this.position.offset === current.size && current.size >= this.options.rotateBytes) {
      fs.renameSync(this.options.accessLog, this.rotated);
      this.options.reopen();
      this.options.log.info(`access log rotated at ${current.size} bytes`);
    }
  }

  /** Ships `file` from the position up to `size`: full batches at once, the rest when the interval is up. */
  private async ship(file: string, size: number, drain: boolean): Promise<void> {
    const handle = await fs.promises.open(file, 'r');
    try {
      for (;;) {
        const position = this.position!;
        const inflight = position.inflightEnd;
        const available = (inflight ?? size) - position.offset;
        if (available <= 0) return;
        const chunk = Buffer.alloc(Math.min(available, MAX_BATCH_BYTES));
        const { bytesRead } = await handle.read(chunk, 0, chunk.length, position.offset);
        const whole = inflight !== undefined;
        const { lines, bytes } = whole
          ? { lines: 1, bytes: bytesRead }
          : completeLines(chunk.subarray(0, bytesRead), this.options.batchLines);
        if (lines === 0) {
          if (bytesRead === MAX_BATCH_BYTES) {
            this.options.log.warn(`skipped ${bytesRead} bytes of the access log without a line end`);
            this.setPosition({ ...position, offset: position.offset + bytesRead });
            continue;
          }
          return;
        }
        const due =
          whole || drain || lines >= this.options.batchLines || Date.now() - this.lastShip >= this.options.batchMs;
        if (!due) return;
        const end = position.offset + bytes;
        this.setPosition({ ...position, inflightEnd: end });
        const text = chunk.subarray(0, bytes);
        await this.options.post(await gzipAsync(text), batchIdOf(position));
        this.setPosition({ fileId: position.fileId, inode: position.inode, offset: end });
        this.lastShip = Date.now();
        this.options.onLines?.(text.toString('utf8'));
      }
    } finally {
      await handle.close();
    }
  }

  private setPosition(position: LogPosition | null): void {
    this.position = position;
    this.options.save(position);
  }
}

function statOrNull(file: string): fs.Stats | null {
  try {
    return fs.statSync(file);
  } catch {
    return null;
  }
}
