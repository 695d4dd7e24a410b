import { quoteLiteral } from './quoting';

/** nginx's temporary folders under an instance's prefix (the main nginx and the sidecar each have their own). */
export function tempPathLines(prefix: string): string[] {
  return ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (kind) => `${kind}_temp_path ${quoteLiteral(`${prefix}/temp/${kind === 'client_body' ? 'body' : kind}`)};`,
  );
}
