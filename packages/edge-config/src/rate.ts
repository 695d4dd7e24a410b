/*
 * limit_req_zone takes a whole number of requests per second or per minute. A rule of `limit` requests per
 * `periodSeconds` becomes r/s when that is whole, otherwise r/m rounded to the nearest whole number (at least 1):
 * 7 per 9 s is 47r/m. nginx spreads the rate evenly (a leaky bucket), so `limit` requests sent in one instant are
 * not all allowed: only 1 + burst of them are, then one every 1/rate seconds.
 */
export function limitReqRate(limit: number, periodSeconds: number): string {
  if (limit % periodSeconds === 0) return `${limit / periodSeconds}r/s`;
  return `${Math.max(1, Math.round((limit * 60) / periodSeconds))}r/m`;
}
