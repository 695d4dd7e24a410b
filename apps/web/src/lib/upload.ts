export interface FileRule {
  /** MIME types the browser reports for accepted files. */
  types: readonly string[];
  maxBytes: number;
}

/**
 * Why a file picked for upload is refused before it is sent ('type' or 'size'), or undefined when it may go. The
 * server checks the content again; this only spares the user a round trip with the wrong file.
 */
export function fileProblem(file: { type: string; size: number }, rule: FileRule): 'type' | 'size' | undefined {
  if (!rule.types.includes(file.type.toLowerCase())) return 'type';
  if (file.size > rule.maxBytes) return 'size';
  return undefined;
}
