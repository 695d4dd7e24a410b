import path from 'node:path';

/**
 * A folder under the data directory, or undefined when the data directory is in memory: DATA_DIR=memory:// (tests)
 * resolves to `<cwd>/memory:` in config, and such a data directory keeps nothing on disk.
 */
export function dataSubdir(dataDir: string, name: string): string | undefined {
  if (dataDir.startsWith('memory://') || path.basename(dataDir) === 'memory:') return undefined;
  return path.join(dataDir, name);
}
