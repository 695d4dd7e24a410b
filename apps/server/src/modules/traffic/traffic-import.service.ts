import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { limits, type StaffTrafficImportResult } from '@edgeward/contract';
import type { Db } from '../../db/connect';
import { AppError } from '../../http/errors';
import { recordStaffAction, type StaffActor } from '../../lib/staff-audit';
import { importLogLines, isGzip, linesOfText } from './traffic-import';
import type { TrafficIngest } from './traffic-ingest.service';

const gunzipAsync = promisify(gunzip);
const MB = 1024 * 1024;

/** The file is refused whole: too large as uploaded or once inflated. */
export const importTooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', {
    messageKey: 'traffic.import.tooLarge',
    params: { max: limits.traffic.importMaxBytes / MB, inflated: limits.traffic.importMaxInflatedBytes / MB },
  });

/** A gzip file's text, inflated at most to the import's limit (zlib stops there rather than holding the rest). */
async function textOf(bytes: Buffer): Promise<string> {
  if (!isGzip(bytes)) return bytes.toString('utf8');
  try {
    return (await gunzipAsync(bytes, { maxOutputLength: limits.traffic.importMaxInflatedBytes })).toString('utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw importTooLarge();
    throw new AppError('BAD_REQUEST', { messageKey: 'traffic.edge.badBody' });
  }
}

/**
 * Operations' traffic import in the console: a file of access-log lines through the command line's own import
 * (traffic-import.ts), then one row of the staff audit log with what it came to.
 */
export function createTrafficImport(deps: { db: Db; now: () => Date; ingest: TrafficIngest }) {
  return {
    async importFile(actor: StaffActor, file: { bytes: Buffer; name: string }): Promise<StaffTrafficImportResult> {
      const text = await textOf(file.bytes);
      const problems: StaffTrafficImportResult['problems'] = [];
      const sum = await importLogLines(deps.ingest, linesOfText(text), (line, problem) => {
        if (problems.length < limits.traffic.importProblemsShown) problems.push({ line, problem });
      });
      const counts = {
        lines: sum.lines,
        accepted: sum.accepted,
        rejected: sum.rejected,
        unknownHost: sum.unknownHost,
        duplicate: sum.duplicateLines,
      };
      await recordStaffAction(
        deps.db,
        actor,
        { action: 'traffic.import', targetType: 'trafficImport', targetName: file.name, after: counts },
        deps.now(),
      );
      return { ...counts, problems };
    },
  };
}

export type TrafficImport = ReturnType<typeof createTrafficImport>;
