import fs from 'node:fs';
import https from 'node:https';
import tls from 'node:tls';
import * as acme from 'acme-client';
import axios, { type AxiosAdapter } from 'axios';
import type { AcmeSettings } from '../../config';

/** The DNS-01 challenge of one authorization of an order: the TXT record that answers it. */
export interface AcmeChallenge {
  /** The identifier (the base name for a wildcard). */
  domainName: string;
  wildcard: boolean;
  /** The TXT value: base64url(SHA-256(key authorization)). */
  value: string;
  authorizationUrl: string;
  challengeUrl: string;
  /** pending, valid (a reused authorization: nothing to prove), invalid... */
  status: string;
}

type AcmeOrderStatus = 'pending' | 'ready' | 'processing' | 'valid' | 'invalid';

export interface AcmeOrderState {
  status: AcmeOrderStatus;
  /** The CA's problem detail, for an invalid order or a failed authorization. */
  problem?: string;
}

/** What the certificate area does with the CA, as the installation's account. */
export interface AcmeSession {
  placeOrder(names: string[]): Promise<{ url: string; challenges: AcmeChallenge[] }>;
  /** The order now, with the first failed authorization's problem when it is invalid. */
  order(url: string): Promise<AcmeOrderState>;
  /** Tells the CA to validate every authorization of the order that still waits for it. */
  answerChallenges(orderUrl: string): Promise<void>;
  /** Polls (bounded) until the order leaves pending/processing; answers its state then, which may be unchanged. */
  settle(orderUrl: string): Promise<AcmeOrderState>;
  finalize(orderUrl: string, csr: Buffer): Promise<void>;
  /** The issued chain (PEM, leaf first) of a valid order. */
  certificate(orderUrl: string): Promise<string>;
}

export interface AcmeProvider {
  readonly directoryUrl: string;
  /** Registers the account key with the CA (or finds it registered) and answers the account's URL. */
  register(accountKey: string): Promise<string>;
  session(account: { key: string; url: string }): AcmeSession;
}

/** The CA could not be reached (connection refused, timed out, reset, 5xx): worth trying again later. */
export class AcmeUnreachableError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'AcmeUnreachableError';
  }
}

/** A key for a certificate: RSA 2048 or ECDSA P-256 (the spec's RSA and ECC), PEM. */
export async function createCertificateKey(keyType: 'RSA' | 'ECC'): Promise<string> {
  const key =
    keyType === 'RSA' ? await acme.crypto.createPrivateRsaKey(2048) : await acme.crypto.createPrivateEcdsaKey('P-256');
  return key.toString();
}

export async function createAccountKey(): Promise<string> {
  return (await acme.crypto.createPrivateEcdsaKey('P-256')).toString();
}

/** A CSR for `names` (the first is the common name) signed with `key`. */
export async function createCsr(names: string[], key: string): Promise<Buffer> {
  const [, csr] = await acme.crypto.createCsr({ commonName: names[0], altNames: names }, key);
  return csr;
}

/** ACME_CA_FILE's certificates, read once (the file may go away with the test CA that wrote it). */
const extraCas = new Map<string, string>();

const httpAdapter: AxiosAdapter = axios.getAdapter('http');

/**
 * A request that got no answer (refused, timed out, reset) becomes AcmeUnreachableError in the adapter, before
 * acme-client's own retry interceptor sees it: that error carries no request config, so the interceptor passes it
 * on untouched rather than waiting and retrying in the job's time. Answers with a status go through as before.
 */
const reportingAdapter: AxiosAdapter = async (config) => {
  try {
    return await httpAdapter(config);
  } catch (error) {
    if ((error as { response?: unknown }).response) throw error;
    throw new AcmeUnreachableError(error);
  }
};

/**
 * acme-client talks through its own axios instance: its HTTPS agent trusts the system's roots plus ACME_CA_FILE
 * (Pebble's test CA), which touches no other connection of the process. A CA that does not answer fails the call at
 * once, and the durable job retries it with its back-off.
 */
function configureHttp(caFile: string | undefined): void {
  acme.axios.defaults.adapter = reportingAdapter;
  acme.axios.defaults.timeout = 30_000;
  if (!caFile || extraCas.has(caFile)) return;
  extraCas.set(caFile, fs.readFileSync(caFile, 'utf8'));
  // One secure context for every connection: given `ca` instead, each new connection parsed the system's ~140 roots
  // again (11 s of the unit tests' CPU).
  const secureContext = tls.createSecureContext({ ca: [...tls.rootCertificates, ...extraCas.values()] });
  acme.axios.defaults.httpsAgent = new https.Agent({ secureContext, keepAlive: true });
}

function problemOf(value: unknown): string | undefined {
  const p = value as { detail?: string; type?: string } | undefined;
  return p ? (p.detail ?? p.type) : undefined;
}

/**
 * The real CA through acme-client. `pollMs` is the first wait while the CA validates or issues (doubling, at most 8
 * waits), so one job run stays well inside its lease; an order still processing after that is looked at again by
 * the job's next run.
 */
export function createAcmeProvider(settings: AcmeSettings, options: { pollMs?: number } = {}): AcmeProvider {
  configureHttp(settings.caFile);
  const backoff = { backoffAttempts: 6, backoffMin: options.pollMs ?? 1000, backoffMax: 8000 };
  const clientFor = (key: string, url?: string) =>
    new acme.Client({ directoryUrl: settings.directoryUrl, accountKey: key, accountUrl: url, ...backoff });

  return {
    directoryUrl: settings.directoryUrl,

    register: async (accountKey) => {
      const client = clientFor(accountKey);
      await client.createAccount({
        termsOfServiceAgreed: true,
        ...(settings.email ? { contact: [`mailto:${settings.email}`] } : {}),
      });
      return client.getAccountUrl();
    },

    session(account) {
      const client = clientFor(account.key, account.url);
      const orderOf = (url: string) => client.getOrder({ url } as acme.Order);

      async function stateOf(order: acme.Order): Promise<AcmeOrderState> {
        const status = order.status as AcmeOrderStatus;
        if (status !== 'invalid') return { status };
        const problems = (await client.getAuthorizations(order)).flatMap((authz) =>
          authz.challenges.map((c) => problemOf((c as { error?: unknown }).error)).filter(Boolean),
        );
        return { status, problem: problems[0] ?? problemOf((order as { error?: unknown }).error) };
      }

      return {
        placeOrder: async (names) => {
          const order = await client.createOrder({ identifiers: names.map((value) => ({ type: 'dns', value })) });
          const challenges: AcmeChallenge[] = [];
          for (const authz of await client.getAuthorizations(order)) {
            const challenge = authz.challenges.find((c) => c.type === 'dns-01');
            if (!challenge) throw new Error(`the CA offers no dns-01 challenge for ${authz.identifier.value}`);
            challenges.push({
              domainName: authz.identifier.value,
              wildcard: authz.wildcard === true,
              value: await client.getChallengeKeyAuthorization(challenge),
              authorizationUrl: authz.url,
              challengeUrl: challenge.url,
              status: authz.status,
            });
          }
          return { url: order.url, challenges };
        },

        order: async (url) => stateOf(await orderOf(url)),

        answerChallenges: async (orderUrl) => {
          for (const authz of await client.getAuthorizations(await orderOf(orderUrl))) {
            const challenge = authz.challenges.find((c) => c.type === 'dns-01');
            if (authz.status === 'pending' && challenge?.status === 'pending') {
              await client.completeChallenge(challenge);
            }
          }
        },

        settle: async (orderUrl) => {
          const order = await orderOf(orderUrl);
          // waitForValidStatus throws when the item turns invalid or the polls run out; either way the order is
          // read again below and answers for itself.
          if (order.status === 'pending') {
            for (const authz of await client.getAuthorizations(order)) {
              if (authz.status === 'pending') await client.waitForValidStatus(authz).catch(() => undefined);
            }
          } else if (order.status === 'processing') {
            await client.waitForValidStatus(order).catch(() => undefined);
          }
          const settled = await orderOf(orderUrl);
          if (settled.status !== 'pending') return stateOf(settled);
          // Pending while an authorization is already invalid: the CA turns the order invalid a moment later.
          const failed = (await client.getAuthorizations(settled)).find((a) => a.status === 'invalid');
          if (!failed) return { status: 'pending' };
          return {
            status: 'invalid',
            problem: failed.challenges.map((c) => problemOf((c as { error?: unknown }).error)).find(Boolean),
          };
        },

        finalize: async (orderUrl, csr) => {
          await client.finalizeOrder(await orderOf(orderUrl), csr);
        },

        certificate: async (orderUrl) => client.getCertificate(await orderOf(orderUrl)),
      };
    },
  };
}
