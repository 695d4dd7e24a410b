/** Where uploaded files are kept (avatars, ticket images): database-file-store.ts. */
export interface FileStore<Ext extends string> {
  /** Keeps the file and answers the name it is known by from then on. */
  save(data: Buffer, ext: Ext): Promise<string>;
  read(file: string): Promise<{ data: Buffer; contentType: string } | undefined>;
  remove(file: string): Promise<void>;
}

/**
 * One kind of uploaded file: the folder its store keeps it in and the extensions it may have, each with the content
 * type it is served as.
 */
export interface FileFolder<Ext extends string = string> {
  folder: string;
  types: Readonly<Record<Ext, string>>;
}

/** Every upload is at most 1 MB; the stored_files table holds no more. */
export const fileMaxBytes = 1024 * 1024;

/** The names a store hands out for these types; no other name is looked up. */
export function fileNamePattern(types: object): RegExp {
  return new RegExp(`^[\\w-]+\\.(${Object.keys(types).join('|')})$`);
}
