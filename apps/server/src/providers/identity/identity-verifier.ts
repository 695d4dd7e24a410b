import type { FastifyPluginAsync } from 'fastify';

/** A face check's outcome as the identity service reports it in its signed asynchronous callback. */
export interface FaceCheckNotification {
  /** Unique per notification; a replay carries the same id. */
  notifyId: string;
  /** The service's reference of the check. */
  checkId: string;
  /** Our reference of the check, given when it was started: the verification attempt. */
  bizNo: string;
  result: 'passed' | 'failed';
}

interface StartFaceCheck {
  bizNo: string;
  /** The identity the face is compared against (the service holds the ID photos). */
  realName: string;
  idNumber: string;
  /** Where the service posts its signed callback: /api/real-name/notify/<service name>. */
  notifyUrl: string;
}

/**
 * The port every face-check (liveness and ID photo comparison) service plugs into: Alibaba Cloud's ID verification,
 * Tencent Cloud FaceID... or the sandbox. A real service implements these parts against its API: startCheck calls
 * its "start a verification" endpoint with the name and ID number and answers its check id and the URL of its H5
 * page (which the console shows as a QR code and a link); verifyNotification checks the signature of its
 * asynchronous callback with the merchant's key and reads it; the server answers the callback with `ackBody` so the
 * service stops retrying.
 */
export interface IdentityVerifier {
  /** Its name in URLs and stored attempts ('sandbox', 'aliyun'...). */
  readonly name: string;
  /** A sandbox makes no real check; the screens and docs/architecture.md say so. */
  readonly sandbox: boolean;
  /** What the notify route answers once a callback is handled, so that the service stops retrying. */
  readonly ackBody: string;
  startCheck(input: StartFaceCheck): Promise<{ checkId: string; checkUrl: string }>;
  /** Checks a callback's signature and reads it: null when the signature or the body is wrong. */
  verifyNotification(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): FaceCheckNotification | null;
  /** Pages of the service itself that this server serves under /api (the sandbox's check page); real ones have none. */
  readonly routes?: FastifyPluginAsync;
}
