import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface SelfSignedCertificate {
  certificate: string;
  privateKey: string;
}

/** A self-signed P-256 certificate for the name, valid from now for 30 days (or `days`), made with the openssl CLI. */
export function selfSignedCertificate(domainName: string, days = 30): SelfSignedCertificate {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edgeward-test-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        'key.pem',
        '-out',
        'cert.pem',
        '-days',
        String(days),
        '-subj',
        `/CN=${domainName}`,
        '-addext',
        `subjectAltName=DNS:${domainName}`,
      ],
      { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    return {
      certificate: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8').trim(),
      privateKey: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8').trim(),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
