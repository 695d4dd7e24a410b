/** One page of a list as every list call answers it: its items, the total over all pages, and the page asked for. */
export function pageWithTotal<T>(query: { page: number; size: number }, list: T[], total: number) {
  return { list, total, page: query.page, size: query.size };
}
