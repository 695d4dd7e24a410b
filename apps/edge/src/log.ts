/** The agent's log: one readable line per event on stdout (journald adds its own time under systemd). */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export function consoleLogger(write: (line: string) => void = (line) => process.stdout.write(line)): Logger {
  const line = (level: string, message: string) => write(`${new Date().toISOString()} ${level} ${message}\n`);
  return {
    info: (message) => line('info ', message),
    warn: (message) => line('warn ', message),
    error: (message) => line('error', message),
  };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
