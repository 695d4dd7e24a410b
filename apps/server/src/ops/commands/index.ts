import type { OpsCommand } from '../ops';
import { accountCommands } from './account';
import { domainCommands } from './domain';
import { mailCommands } from './mail';

/** Every operator command; each area adds its list here. `help` is added by main.ts. */
export const commands: OpsCommand[] = [...accountCommands, ...mailCommands, ...domainCommands];
