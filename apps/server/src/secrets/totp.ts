import { createHmac } from 'node:crypto';
import { limits } from '@edgeward/contract';
import QRCode from 'qrcode';

const { stepSeconds, digits, driftSteps } = limits.twoFactor;

/** The RFC 6238 time step of a moment: whole 30-second periods since the epoch. */
export function timeStep(at: Date, seconds: number = stepSeconds): number {
  return Math.floor(at.getTime() / 1000 / seconds);
}

/** RFC 4226 HOTP of a counter (RFC 6238 passes the time step), with dynamic truncation. */
export function hotp(
  secret: Buffer,
  counter: number,
  length: number = digits,
  algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1',
): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** length).padStart(length, '0');
}

/**
 * The time step a code belongs to, within one step either side of now and after `lastStep` (a code is good once:
 * the caller stores the step it answers), or null. Codes are compared in full, each candidate step computed.
 */
export function matchTotp(secret: Buffer, code: string, at: Date, lastStep: number): number | null {
  const now = timeStep(at);
  for (let step = now - driftSteps; step <= now + driftSteps; step += 1) {
    if (step > lastStep && hotp(secret, step) === code) return step;
  }
  return null;
}

/** What authenticator apps read from the QR code (Key Uri Format): SHA-1, 6 digits, 30 s, as RFC 6238 defaults. */
export function otpauthUri(issuer: string, account: string, secretBase32: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: 'SHA1',
    digits: String(digits),
    period: String(stepSeconds),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}

/** The otpauth URI as a QR code for the set-up screens: a data: URL of an SVG image. */
export async function otpauthQrCode(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
