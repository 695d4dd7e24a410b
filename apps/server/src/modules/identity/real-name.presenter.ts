import { faceCheckTtlMs, type RealNameAttempt } from '@edgeward/contract';
import QRCode from 'qrcode';
import type { RealNameAttemptRow } from '../../db/schema';

/** The QR code a phone scans to open the face check, as an SVG data URL. */
async function qrCodeOf(url: string): Promise<string> {
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * An attempt as its owner sees it: the identity masked, the check's page and QR code only while it waits; a pending
 * check past its time is expired (a late callback from the service is still applied).
 */
export async function presentAttempt(row: RealNameAttemptRow, sandbox: boolean, now: Date): Promise<RealNameAttempt> {
  const expired = row.status === 'pending' && now.getTime() - row.createdAt.getTime() > faceCheckTtlMs;
  const open = row.status === 'pending' && !expired && row.checkUrl !== null;
  return {
    id: row.id,
    status: expired ? 'expired' : row.status,
    identity: { realName: row.realNameMasked, idNumber: row.idNumberMasked },
    sandbox,
    checkUrl: open ? row.checkUrl : null,
    qrCode: open && row.checkUrl ? await qrCodeOf(row.checkUrl) : null,
    createdAt: row.createdAt.getTime(),
    finishedAt: row.finishedAt?.getTime() ?? null,
  };
}
