/**
 * The pure half of the request function: building URLs and bodies, and deciding from an answer (or a failure to
 * get one) what the caller receives and what the user sees. client.ts carries out the decisions.
 */

/** The envelope of every JSON answer (DESIGN.md): code 200 on success; failures add error and maybe fields. */
export interface Envelope {
  code: number;
  message: string;
  data: unknown;
  error?: string;
  fields?: Record<string, string>;
}

export function isEnvelope(body: unknown): body is Envelope {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return typeof b.code === 'number' && typeof b.message === 'string' && 'data' in b;
}

/** Error ids of failures that never reached the server's error handler. */
type ClientErrorId = 'NETWORK_ERROR' | 'TIMEOUT' | 'SYSTEM_ERROR' | 'ABORTED';

/** The ones the user is told about: a call the app itself aborted is silent. */
type TransportErrorId = Exclude<ClientErrorId, 'ABORTED'>;

/** A text either from the catalogue (key) or as the server wrote it, already in the user's language. */
export type Text = { key: string } | { raw: string };

type Feedback = { type: 'message'; text: Text } | { type: 'notification'; title: Text; description: Text };

/**
 * What happens to the session: `login` clears it and goes to the login page with a redirect back; `reload` clears it
 * and reloads the page after 1.5 s (the guard then sends the user to login).
 */
type SessionAction = 'login' | 'reload';

export interface Failure {
  status: number;
  code: number;
  error: string;
  message: Text;
  fields?: Record<string, string>;
  /** The server's `x-request-id` of the failed answer, for the user to quote to support. */
  requestId?: string;
  feedback?: Feedback;
  session?: SessionAction;
}

export type Decision = { ok: true; data: unknown } | { ok: false; failure: Failure };

export interface AnswerInput {
  status: number;
  /** The parsed JSON body, or the text of a body that was not JSON. */
  body: unknown;
  /** Whether the request carried a token (the HTTP 401 rule logs out only then). */
  hadToken: boolean;
  /** The call hides its messages (the caller shows its own or none). */
  silent: boolean;
}

const mentionsTimeout = (value: unknown) => typeof value === 'string' && /timeout/i.test(value);

/**
 * The spec's error catalogue (section 8) applied to an answer. A JSON envelope is read first: its code decides
 * (200 -> data; 401 -> log out and go to login with 'Please log in first'; others -> show the server's message),
 * except that HTTP 403 is shown as the 'Forbidden' notification with the server's message. An answer without an
 * envelope falls to the HTTP rules: 401 -> 'Unauthorized' notification and, if a token was sent, log out and
 * reload; anything else -> 'System API exception' ('API request timed out' when the answer speaks of a timeout).
 */
export function decideAnswer({ status, body, hadToken, silent }: AnswerInput): Decision {
  if (isEnvelope(body)) {
    if (body.code === 200 && status >= 200 && status < 300) return { ok: true, data: body.data };
    const base = {
      status,
      code: body.code,
      error: body.error ?? (body.code === 401 ? 'UNAUTHORIZED' : 'SYSTEM_ERROR'),
      message: { raw: body.message },
      ...(body.fields ? { fields: body.fields } : {}),
    };
    if (body.code === 401) {
      // The redirect to login explains itself with this message even on quiet calls.
      return {
        ok: false,
        failure: {
          ...base,
          message: { key: 'request.loginFirst' },
          feedback: { type: 'message', text: { key: 'request.loginFirst' } },
          session: 'login',
        },
      };
    }
    if (status === 403) {
      const feedback: Feedback = {
        type: 'notification',
        title: { key: 'request.forbidden' },
        description: base.message,
      };
      return { ok: false, failure: silent ? base : { ...base, feedback } };
    }
    return { ok: false, failure: silent ? base : { ...base, feedback: { type: 'message', text: base.message } } };
  }

  if (status === 401) {
    const failure: Failure = {
      status,
      code: status,
      error: 'UNAUTHORIZED',
      message: { key: 'request.unauthorizedDescription' },
      ...(silent
        ? {}
        : {
            feedback: {
              type: 'notification',
              title: { key: 'request.unauthorized' },
              description: { key: 'request.unauthorizedDescription' },
            },
          }),
      ...(hadToken ? { session: 'reload' as const } : {}),
    };
    return { ok: false, failure };
  }
  if (status === 403) {
    const description: Text = { key: 'errors.FORBIDDEN' };
    return {
      ok: false,
      failure: {
        status,
        code: status,
        error: 'FORBIDDEN',
        message: description,
        ...(silent ? {} : { feedback: { type: 'notification', title: { key: 'request.forbidden' }, description } }),
      },
    };
  }
  const timedOut = status === 504 || status === 408 || mentionsTimeout(body);
  return { ok: false, failure: transportFailure(timedOut ? 'TIMEOUT' : 'SYSTEM_ERROR', status, silent) };
}

export interface ThrownInput {
  error: unknown;
  /** Our own timer aborted the request. */
  timedOut: boolean;
  /** The caller's signal aborted it (a query was cancelled): no message, the caller knows. */
  cancelled: boolean;
  silent: boolean;
}

/** A request that got no answer at all: cancelled, timed out, or a network failure. */
export function decideThrown({ error, timedOut, cancelled, silent }: ThrownInput): Failure {
  if (cancelled && !timedOut) return { status: 0, code: 0, error: 'ABORTED', message: { raw: 'Aborted' } };
  const text = error instanceof Error ? error.message : String(error);
  return transportFailure(timedOut || mentionsTimeout(text) ? 'TIMEOUT' : 'NETWORK_ERROR', 0, silent);
}

const transportKeys: Record<TransportErrorId, string> = {
  TIMEOUT: 'request.timeout',
  SYSTEM_ERROR: 'request.systemError',
  NETWORK_ERROR: 'request.networkError',
};

function transportFailure(error: TransportErrorId, status: number, silent: boolean): Failure {
  const message: Text = { key: transportKeys[error] };
  const failure: Failure = { status, code: status, error, message };
  return silent ? failure : { ...failure, feedback: { type: 'message', text: message } };
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** `/api` + the route path with its `:params` filled + the query as search params (empty values left out). */
export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `/api${path}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) search.append(name, String(item));
    else search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

export interface EncodedBody {
  body?: BodyInit;
  contentType?: string;
}

/** Spec section 7: arrays and objects as JSON, other non-object values as plain text; FormData goes as it is. */
export function encodeBody(body: unknown): EncodedBody {
  if (body === undefined) return {};
  if (typeof FormData !== 'undefined' && body instanceof FormData) return { body };
  if (Array.isArray(body) || (typeof body === 'object' && body !== null) || body === null) {
    return { body: JSON.stringify(body), contentType: 'application/json' };
  }
  return { body: String(body), contentType: 'text/plain;charset=UTF-8' };
}

/** The file name of a download: RFC 5987 `filename*=UTF-8''...` first, then `filename="..."`. */
export function fileNameFromDisposition(header: string | null | undefined, fallback = 'download'): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape falls through to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = plain?.[2] ?? plain?.[1]?.trim();
  return name || fallback;
}
