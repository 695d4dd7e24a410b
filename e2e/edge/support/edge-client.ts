import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import tls from 'node:tls';
import { edgeTest } from './ports';

export interface EdgeAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface EdgeRequest {
  host: string;
  path: string;
  headers?: Record<string, string>;
  /** HTTPS on the edge's TLS port (SNI = host; the test certificate is self-signed). */
  tls?: boolean;
  method?: string;
}

/** One request to the edge's nginx as a visitor's browser would send it: to the edge's address, for a host name. */
export function edgeRequest({
  host,
  path,
  headers = {},
  tls = false,
  method = 'GET',
}: EdgeRequest): Promise<EdgeAnswer> {
  return new Promise((resolve, reject) => {
    const options = {
      host: '127.0.0.1',
      port: tls ? edgeTest.httpsPort : edgeTest.httpPort,
      path,
      method,
      headers: { host, ...headers },
      agent: false as const,
    };
    const req = tls
      ? https.request({ ...options, servername: host, rejectUnauthorized: false })
      : http.request(options);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('latin1') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`edge request ${host}${path} timed out`)));
    req.end();
  });
}

/** The protocol nginx negotiates by ALPN for the host, and the status of one GET over it. */
export function http2Get(host: string, path: string): Promise<{ alpn: string | false | undefined; status: number }> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(`https://127.0.0.1:${edgeTest.httpsPort}`, {
      servername: host,
      rejectUnauthorized: false,
    });
    session.on('error', reject);
    const stream = session.request({ ':path': path, ':authority': host });
    stream.on('response', (headers) => {
      const status = Number(headers[':status']);
      stream.resume();
      stream.on('end', () => {
        const alpn = session.alpnProtocol;
        session.close();
        resolve({ alpn, status });
      });
    });
    stream.on('error', reject);
    stream.end();
  });
}

/** A TLS handshake with the edge for a server name: the certificate it presents and the version, or the refusal. */
export function tlsHandshake(
  servername: string,
): Promise<{ fingerprint256: string; protocol: string | null } | { refused: string }> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host: '127.0.0.1', port: edgeTest.httpsPort, servername, rejectUnauthorized: false });
    socket.once('secureConnect', () => {
      const answer = {
        fingerprint256: socket.getPeerX509Certificate()?.fingerprint256 ?? '',
        protocol: socket.getProtocol(),
      };
      socket.destroy();
      resolve(answer);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve({ refused: error.code ?? error.message }));
  });
}
