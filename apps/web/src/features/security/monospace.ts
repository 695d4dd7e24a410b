/** Key ids, secrets and seeds are read character by character: set in the system's monospace face. */
export const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' };
