import { areas } from '../modules';
import { backupCommand, restoreCommand } from './commands/backup';
import type { OfflineOpsCommand, OpsCommand } from './ops';

/** Every area's operator commands and the database's backup; `help` is added by main.ts. */
export const commands: readonly OpsCommand[] = [...areas.flatMap((area) => area.commands ?? []), backupCommand];

/** Commands that run with the database closed, from the command line only. */
export const offlineCommands: readonly OfflineOpsCommand[] = [restoreCommand];
