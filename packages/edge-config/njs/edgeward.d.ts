/** Types of edgeward.js for the tests that import it in Node. */
export interface EdgewardAuthOptions {
  type: 'a' | 'b';
  key: string;
  backupKey: string;
  expire: number;
  signArg: string;
}
interface Request {
  headersIn: Record<string, string | undefined>;
  return(status: number): void;
}
declare const edgeward: {
  check(r: Request): void;
  verify(uri: string, options: EdgewardAuthOptions, nowMs: number): 'valid' | 'expired' | 'invalid';
};
export default edgeward;
