import { areas } from '../modules';
import type { OpsCommand } from './ops';

/** Every area's operator commands; `help` is added by main.ts. */
export const commands: readonly OpsCommand[] = areas.flatMap((area) => area.commands ?? []);
