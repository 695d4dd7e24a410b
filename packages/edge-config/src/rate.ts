/*
 * limit_req_zone takes a whole number of requests per second or per minute. A rule of `limit` requests per
 * `periodSeconds` becomes r/s when that is whole, otherwise r/m rounded to the nearest whole number: 7 per 9 s is
 * 47r/m. The contract refuses rules slower than 1 per minute (RateLimitRuleSchema); one stored before it did is held
 * to 1r/m, the slowest rate nginx can be given. nginx keeps a rate in thousandths of a request per second, so an r/m
 * rate that is not a multiple of 3 drains a little slower than written (1r/m as 0.96 a minute).
 */
export function limitReqRate(limit: number, periodSeconds: number): string {
  if (limit % periodSeconds === 0) return `${limit / periodSeconds}r/s`;
  return `${Math.max(1, Math.round((limit * 60) / periodSeconds))}r/m`;
}
