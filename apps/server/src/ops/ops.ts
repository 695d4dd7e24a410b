import type { z } from 'zod';
import type { Config } from '../config';
import type { Database } from '../db/connect';
import { AppError } from '../http/errors';
import { translate } from '../http/i18n';
import type { Providers } from '../providers';

/** What a command gets: the database opened from the environment, the providers, and where to print. */
export interface OpsContext {
  database: Database;
  config: Config;
  providers: Providers;
  out(line: string): void;
  now(): Date;
}

/** A command the operator can run; `name` is one or more words (`user create`), matched before the arguments. */
export interface OpsCommand {
  name: string;
  args?: string;
  summary: string;
  /**
   * Its first argument is a file: resolved against the operator's folder before the command runs, here or in the
   * server holding the data folder (whose working folder may be another).
   */
  fileArgument?: boolean;
  run(args: string[], ctx: OpsContext): Promise<void>;
}

/** A command that runs without the database open (restoring it): only from the command line, never in the server. */
export interface OfflineOpsCommand {
  name: string;
  args?: string;
  summary: string;
  run(args: string[], config: Pick<Config, 'databaseUrl' | 'dataDir'>, out: (line: string) => void): Promise<void>;
}

/** A failure to report in one line, without a stack: bad arguments, an unknown user... */
export class OpsError extends Error {
  override name = 'OpsError';
}

/** Validates an argument with the same contract schema the API uses, reporting its message in English. */
export function validArgument<S extends z.ZodType>(schema: S, value: string | undefined, label: string): z.output<S> {
  const result = schema.safeParse(value ?? '');
  if (!result.success) throw new OpsError(`${label}: ${translate('en-US', result.error.issues[0]?.message ?? '')}`);
  return result.data;
}

/** Splits `--name value` options from the positional arguments. */
export function parseOptions(args: string[], names: readonly string[]) {
  const positional: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg.startsWith('--')) {
      const name = arg.slice(2);
      const value = args[i + 1];
      if (!names.includes(name)) throw new OpsError(`unknown option ${arg}`);
      if (value === undefined) throw new OpsError(`${arg} needs a value`);
      options[name] = value;
      i++;
    } else {
      positional.push(arg);
    }
  }
  return { positional, options };
}

export function usage(commands: readonly Pick<OpsCommand, 'name' | 'args' | 'summary'>[]): string {
  const rows = [...commands, { name: 'help', summary: 'show this list' }].map((c) => ({
    call: `${c.name} ${'args' in c ? (c.args ?? '') : ''}`.trim(),
    summary: c.summary,
  }));
  const width = Math.max(...rows.map((r) => r.call.length));
  const lines = rows.map((r) => `  ${r.call.padEnd(width)}  ${r.summary}`);
  return ['Usage: npm run ops -- <command> [arguments]', '', 'Commands:', ...lines].join('\n');
}

/** The command whose name is the longest run of leading words of argv. */
export function findCommand<C extends Pick<OpsCommand, 'name'>>(commands: readonly C[], argv: string[]) {
  let best: { command: C; args: string[] } | undefined;
  for (const command of commands) {
    const words = command.name.split(' ');
    if (words.every((w, i) => argv[i] === w) && words.length > (best?.command.name.split(' ').length ?? 0)) {
      best = { command, args: argv.slice(words.length) };
    }
  }
  return best;
}

/** Runs one command line; answers the exit code. Errors are printed by `err`, never thrown. */
export async function runOps(
  commands: readonly OpsCommand[],
  argv: string[],
  ctx: OpsContext,
  err: (line: string) => void,
): Promise<number> {
  const found = findCommand(commands, argv);
  if (!found) {
    err(argv.length ? `Unknown command: ${argv.join(' ')}\n\n${usage(commands)}` : usage(commands));
    return argv.length ? 2 : 1;
  }
  try {
    await found.command.run(found.args, ctx);
    return 0;
  } catch (error) {
    if (error instanceof OpsError) {
      err(`Error: ${error.message}\nUsage: npm run ops -- ${found.command.name} ${found.command.args ?? ''}`.trimEnd());
      return 1;
    }
    if (error instanceof AppError) {
      err(`Error: ${translate('en-US', error.options.messageKey ?? `errors.${error.id}`, error.options.params)}`);
      return 1;
    }
    throw error;
  }
}
