import fs from 'node:fs';
import path from 'node:path';
import {
  EdgeCacheReportBodySchema,
  type EdgeReport,
  EdgeReportSchema,
  type EdgeSnapshot,
  EdgeSnapshotSchema,
} from '@edgeward/edge-config';
import { z } from 'zod';

/*
 * What survives an agent restart, all under the state folder: the last good snapshot of every domain (what nginx
 * serves), the feed's cursors, the access log's read position and the reports the console has not accepted yet.
 * Every file is written whole to a temporary name and renamed over the old one, so a crash leaves either version.
 */

/** Where shipping stands in the access log: the file (by id and inode) and the first byte not yet accepted. */
const LogPositionSchema = z.object({
  /** Names the file in batch ids; new for every file the agent starts reading. */
  fileId: z.string(),
  inode: z.number(),
  offset: z.number().int().min(0),
  /** A batch posted but not known to be accepted: re-posted byte for byte under the same id after a restart. */
  inflightEnd: z.number().int().min(0).optional(),
});
export type LogPosition = z.infer<typeof LogPositionSchema>;

const AgentStateSchema = z.object({
  /** The feed cursor of the last batch nginx serves; 0 before the first. */
  cursor: z.number().int().min(0).default(0),
  /** The last cache task carried out; null until the first feed answer says where the tasks stand. */
  tasksCursor: z.number().int().min(0).nullable().default(null),
  log: LogPositionSchema.nullable().default(null),
  pendingReports: z.array(EdgeReportSchema).default([]),
  /** Outcomes of cache tasks carried out (the tasks cursor has moved past them) but not yet accepted. */
  pendingCacheReports: z.array(EdgeCacheReportBodySchema).default([]),
});
export type AgentState = z.infer<typeof AgentStateSchema>;

/** Writes a file so that readers see the old or the new content, never a part; `mode` applies from the start. */
/** Writes a file whole or not at all; `group` (a gid) owns it when given, before it takes its name. */
export function writeFileAtomic(
  file: string,
  content: string | Buffer,
  mode = 0o644,
  group: number | null = null,
): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, content, { mode });
  fs.chmodSync(tmp, mode);
  if (group !== null) fs.chownSync(tmp, 0, group);
  fs.renameSync(tmp, file);
}

export function readState(file: string): AgentState {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return AgentStateSchema.parse({});
    throw error;
  }
  return AgentStateSchema.parse(JSON.parse(text));
}

export function writeState(file: string, state: AgentState): void {
  writeFileAtomic(file, `${JSON.stringify(state)}\n`);
}

/** The last good snapshots, one file per domain (`<domainId>.json`, 0600: they hold private keys). */
export class SnapshotStore {
  constructor(readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.chmodSync(dir, 0o700);
  }

  /** Every stored snapshot; a file that does not parse is set aside (`.bad`) rather than stopping the boot. */
  loadAll(): Map<number, EdgeSnapshot> {
    const snapshots = new Map<number, EdgeSnapshot>();
    for (const name of fs.readdirSync(this.dir)) {
      if (!/^\d+\.json$/.test(name)) continue;
      const file = path.join(this.dir, name);
      try {
        const snapshot = EdgeSnapshotSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
        snapshots.set(snapshot.domainId, snapshot);
      } catch {
        fs.renameSync(file, `${file}.bad`);
      }
    }
    return snapshots;
  }

  save(snapshot: EdgeSnapshot): void {
    writeFileAtomic(path.join(this.dir, `${snapshot.domainId}.json`), JSON.stringify(snapshot), 0o600);
  }

  remove(domainId: number): void {
    fs.rmSync(path.join(this.dir, `${domainId}.json`), { force: true });
  }
}

/** Adds reports to the pending ones; a newer report of a domain replaces an older one (only the last counts). */
export function mergeReports(pending: EdgeReport[], fresh: EdgeReport[]): EdgeReport[] {
  const byDomain = new Map(pending.map((report) => [report.domainId, report]));
  for (const report of fresh) byDomain.set(report.domainId, report);
  return [...byDomain.values()];
}
