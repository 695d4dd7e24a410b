import type { Metafile } from 'esbuild';

export const serverEntry: string;
export const opsEntry: string;
export function serverBuildReason(): string | undefined;
export function buildServer(into?: string): Promise<Metafile>;
export function ensureServerBuild(): Promise<boolean>;
