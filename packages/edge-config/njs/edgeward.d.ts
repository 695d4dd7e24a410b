/** Types of edgeward.js for the tests that import it in Node. */
export interface EdgewardAuthOptions {
  type: 'a' | 'b';
  key: string;
  backupKey: string;
  expire: number;
  signArg: string;
}
interface Request {
  variables: Record<string, string | undefined>;
}
declare const edgeward: {
  auth(r: Request): 'valid' | 'expired' | 'invalid';
  args(r: Request): string;
  verify(uri: string, options: EdgewardAuthOptions, nowMs: number): 'valid' | 'expired' | 'invalid';
  cacheArgs(query: string, signArg: string): string;
};
export default edgeward;
