import {
  buildPath,
  limits,
  type RouteBody,
  type RouteData,
  type RouteDef,
  type RouteParams,
  type RouteQuery,
} from '@edgeward/contract';
import { getLocale, translate } from '../i18n/i18n-store';
import { FEEDBACK_KEY, feedback } from '../lib/feedback';
import { ChunkLoadTimeoutError } from '../navigation/lazy-page';
import {
  buildUrl,
  type Decision,
  decideAnswer,
  decideThrown,
  encodeBody,
  type Failure,
  fileNameFromDisposition,
  isEnvelope,
  type QueryValue,
  type Text,
} from './http';

/** A failed call: the envelope's code and error id (or a client id for transport failures) and the message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** The envelope's code (equals the status on our server); 0 when no answer arrived. */
  readonly code: number;
  /** Stable id from the contract's errors.ts, or NETWORK_ERROR / TIMEOUT / SYSTEM_ERROR / ABORTED. */
  readonly error: string;
  /** Field path -> message in the user's language, for validation failures. */
  readonly fields?: Record<string, string>;
  /** The answer's `x-request-id`; absent when no answer arrived. */
  readonly requestId?: string;

  constructor(init: {
    status: number;
    code: number;
    error: string;
    message: string;
    fields?: Record<string, string>;
    requestId?: string;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.error = init.error;
    if (init.fields) this.fields = init.fields;
    if (init.requestId) this.requestId = init.requestId;
  }
}

export interface RequestInput<R extends RouteDef> {
  params?: RouteParams<R>;
  query?: RouteQuery<R>;
  /** FormData for uploads (multipart), otherwise the route's body. */
  body?: RouteBody<R> | FormData;
}

export interface RequestOptions {
  /** Hide the error message; the caller shows its own (field errors) or none. Session handling still happens. */
  silent?: boolean;
  signal?: AbortSignal;
  /** Headers a route asks for besides the usual ones (the Idempotency-Key of a payment). */
  headers?: Record<string, string>;
}

interface Sent {
  response: Response;
  hadToken: boolean;
  session: RequestSession | undefined;
}

function textOf(text: Text): string {
  return 'key' in text ? translate(text.key) : text.raw;
}

/**
 * What a request needs of a signed-in session: the customer's, or the operator console's staff session for routes
 * with `auth: 'staff'`. Each session store hands itself over when it is created (connectSession): it calls the
 * client, so the client cannot import it back.
 */
export interface RequestSession {
  getToken(): string | null;
  /** Forgets the token the server no longer knows, with everything cached for it. */
  clear(): void;
  /** Goes to this session's sign-in page, back to where the user was afterwards (not from the sign-in pages). */
  signIn(): void;
}

type SessionKind = 'user' | 'staff';

const sessions: Partial<Record<SessionKind, RequestSession>> = {};

/** Sends the session's token with every call of its kind and forgets the session when the server says it is over. */
export function connectSession(source: RequestSession, kind: SessionKind = 'user'): void {
  sessions[kind] = source;
}

/** A staff route's session is the staff one, never the customer's; every other route's is the customer's. */
const sessionOf = (route: RouteDef) => sessions[route.auth === 'staff' ? 'staff' : 'user'];

let reloadScheduled = false;

/** Carries out a failure's decision: the message or notification, the session action, then the ApiError. */
function fail(failure: Failure, session?: RequestSession): ApiError {
  const { feedback: shown, session: action } = failure;
  if (shown?.type === 'message') {
    feedback.message.error({ content: textOf(shown.text), key: FEEDBACK_KEY });
  } else if (shown?.type === 'notification') {
    feedback.notification.error({
      key: FEEDBACK_KEY,
      title: textOf(shown.title),
      description: textOf(shown.description),
    });
  }
  if (action === 'login') {
    // The server no longer knows this token: forget it locally (calling logout would answer 401 again).
    session?.clear();
    session?.signIn();
  } else if (action === 'reload' && !reloadScheduled) {
    reloadScheduled = true;
    session?.clear();
    setTimeout(() => window.location.reload(), 1500);
  }
  return new ApiError({
    status: failure.status,
    code: failure.code,
    error: failure.error,
    message: textOf(failure.message),
    ...(failure.fields ? { fields: failure.fields } : {}),
    ...(failure.requestId ? { requestId: failure.requestId } : {}),
  });
}

async function send<R extends RouteDef>(
  route: R,
  input: RequestInput<R> | undefined,
  options: RequestOptions | undefined,
  accept: string,
): Promise<Sent> {
  const session = sessionOf(route);
  const token = route.auth === 'none' ? null : (session?.getToken() ?? null);
  const headers: Record<string, string> = { ...options?.headers, Accept: accept, 'Accept-Language': getLocale() };
  if (token) headers.Authorization = token;
  const { body, contentType } = encodeBody(input?.body);
  if (contentType) headers['Content-Type'] = contentType;
  const url = buildUrl(
    buildPath(route.path, input?.params as Record<string, string | number> | undefined),
    input?.query as Record<string, QueryValue> | undefined,
  );

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, route.timeoutMs ?? limits.request.timeoutMs);
  const onCallerAbort = () => controller.abort();
  options?.signal?.addEventListener('abort', onCallerAbort, { once: true });
  if (options?.signal?.aborted) controller.abort();
  try {
    const response = await fetch(url, { method: route.method, headers, body, signal: controller.signal });
    return { response, hadToken: Boolean(token), session };
  } catch (error) {
    const cancelled = Boolean(options?.signal?.aborted);
    throw fail(decideThrown({ error, timedOut, cancelled, silent: Boolean(options?.silent) }));
  } finally {
    clearTimeout(timer);
    options?.signal?.removeEventListener('abort', onCallerAbort);
  }
}

async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  try {
    return type.includes('json') ? await response.json() : await response.text();
  } catch {
    return undefined;
  }
}

function settle(decision: Decision, { response, session }: Sent): unknown {
  if (decision.ok) return decision.data;
  const requestId = response.headers.get('x-request-id');
  throw fail(requestId ? { ...decision.failure, requestId } : decision.failure, session);
}

/**
 * The one request function (spec sections 7 and 8): base /api, the route's timeout (20 s by default), the token
 * and the language as headers, the envelope unwrapped, failures through the error catalogue as an ApiError.
 */
export async function request<R extends RouteDef>(
  route: R,
  input?: RequestInput<R>,
  options?: RequestOptions,
): Promise<RouteData<R>> {
  const sent = await send(route, input, options, 'application/json');
  const { response, hadToken } = sent;
  const body = await readBody(response);
  const silent = Boolean(options?.silent);
  return settle(decideAnswer({ status: response.status, body, hadToken, silent }), sent) as RouteData<R>;
}

/**
 * Routes that come with their own chunk (api/auth.ts): a chunk that cannot be fetched is told and rejected like a
 * request that got no answer.
 */
export async function loadRoutes<T>(load: () => Promise<T>, options?: RequestOptions): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const timedOut = error instanceof ChunkLoadTimeoutError;
    throw fail(decideThrown({ error, timedOut, cancelled: false, silent: Boolean(options?.silent) }));
  }
}

/** A `response: 'file'` route: the file as a Blob with the name from content-disposition. */
export async function download<R extends RouteDef>(
  route: R,
  input?: RequestInput<R>,
  options?: RequestOptions,
): Promise<{ blob: Blob; fileName: string }> {
  const sent = await send(route, input, options, '*/*');
  const { response, hadToken } = sent;
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    // Failures come back as the JSON envelope, like any other call; a JSON file that is no envelope is the file.
    const body = await readBody(response.clone());
    if (!response.ok || isEnvelope(body)) {
      settle(decideAnswer({ status: response.status, body, hadToken, silent: Boolean(options?.silent) }), sent);
    }
  }
  const blob = await response.blob();
  return { blob, fileName: fileNameFromDisposition(response.headers.get('content-disposition')) };
}

/** Hands a downloaded file to the browser's save dialog. */
export function saveFile({ blob, fileName }: { blob: Blob; fileName: string }): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
