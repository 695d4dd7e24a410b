/** A LIKE pattern matching `search` anywhere, its own wildcards (% _ \) taken literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
