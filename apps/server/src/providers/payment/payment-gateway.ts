import type { FastifyPluginAsync } from 'fastify';

/** A payment the gateway reports as finished: paid, or cancelled by the payer on the gateway's side. */
export interface PaymentNotification {
  /** Unique per notification; a replay carries the same id. */
  notifyId: string;
  tradeNo: string;
  /** The merchant's number for the payment: the order number. */
  outTradeNo: string;
  amountFen: bigint;
  status: 'paid' | 'cancelled';
}

interface CreatePayment {
  outTradeNo: string;
  amountFen: bigint;
  subject: string;
  /** Where the gateway posts its signed notification: /api/payment/notify/<gateway name>. */
  notifyUrl: string;
}

/**
 * The port every QR payment service plugs into (WeChat Pay native, Alipay precreate... or the sandbox). A real
 * gateway implements these parts against its API: createPayment calls its "create a QR payment" endpoint and
 * answers the code URL it returns; closePayment calls its "close order" endpoint; verifyNotification checks the
 * signature of its asynchronous callback with the merchant's key and reads it; the server answers the callback
 * with `ackBody` so the gateway stops retrying.
 */
export interface PaymentGateway {
  /** Its name in URLs and stored orders ('sandbox', 'wechat'...). */
  readonly name: string;
  /** A sandbox moves no money; the screens and docs/architecture.md say so. */
  readonly sandbox: boolean;
  /** What the notify route answers once a notification is handled, so that the gateway stops retrying. */
  readonly ackBody: string;
  /** Opens a payment; answers the gateway's trade number and the URL the QR code encodes. */
  createPayment(input: CreatePayment): Promise<{ tradeNo: string; payUrl: string }>;
  /**
   * Closes a payment that is still waiting, so that it can no longer be paid: its order was paid otherwise,
   * cancelled or closed. A payment already paid, cancelled or closed is left as it is (no error), so a retry is safe.
   * Throws when the gateway cannot be reached; the caller retries.
   */
  closePayment(tradeNo: string): Promise<void>;
  /** Checks a notification's signature and reads it: null when the signature or the body is wrong. */
  verifyNotification(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): PaymentNotification | null;
  /** Pages of the gateway itself that this server serves under /api (the sandbox's pay page); real ones have none. */
  readonly routes?: FastifyPluginAsync;
}
