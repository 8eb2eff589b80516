import type { ApiErrorBody, ErrorCode, FieldIssue } from '@motema/shared/errors';
import { RETRY_COUNT } from '@motema/shared/limits';
import { SHELL_SESSION_HEADER } from '@motema/shared/shell-session';
import { server, serverPending } from './platform/server.ts';

/** An answer of the API with an error status, or no answer at all (status 0, code `network`). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'network';
  readonly issues: FieldIssue[];
  /** account_not_active: where the confirmation code went (ApiErrorBody.email). */
  readonly email: string | undefined;
  /** payment_required: why the server asks for Premium (a PaymentRequiredReason of packages/shared). */
  readonly reason: string | undefined;
  /** payment_required: the least plan on sale that reaches the member written to (its id). */
  readonly plan: string | undefined;
  /** withdrawal_cooldown: when withdrawals to the new number open (ISO date). */
  readonly until: string | undefined;
  /** operator_limit: which of the operator's caps the withdrawal meets, `daily` or `monthly`. */
  readonly limit: string | undefined;

  constructor(
    status: number,
    code: ErrorCode | 'network',
    message: string,
    issues: FieldIssue[] = [],
    email?: string,
    reason?: string,
    plan?: string,
    until?: string,
    limit?: string,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.email = email;
    this.reason = reason;
    this.plan = plan;
    this.until = until;
    this.limit = limit;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Extra request headers (a payment start's Idempotency-Key: the same on each retry of the call). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

const RETRY_BASE_DELAY_MS = 400;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The address of an API request (`path` under /api, the defined `query` values), on the server's
 * origin: the page's own on the web, the server's in the mobile app's bundled copy (platform/server.ts).
 */
export function urlOf(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return `${server.origin}/api${path}${search ? `?${search}` : ''}`;
}

/** The session's header besides the cookie: the bundled copy's bearer token, nothing on the web. */
function sessionHeaders(): Record<string, string> {
  const token = server.sessionToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

/**
 * A plain fetch of one of the server's own paths (`/api/...`: a live's playlists and segments), on
 * its origin and with the session the app shows it, as `api` sends them; for what is not JSON.
 */
export function serverFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const url = path.startsWith('/') ? `${server.origin}${path}` : path;
  return server.fetch(url, { ...init, credentials: 'same-origin', headers: { ...sessionHeaders() } });
}

/** The error for an answer with an error status and its parsed body (if any); shared by fetch and XHR uploads. */
export function apiErrorOf(status: number, body: unknown, statusText = ''): ApiError {
  const error = (body && typeof body === 'object' ? body : undefined) as
    | (Partial<ApiErrorBody> & { reason?: unknown; plan?: unknown; until?: unknown; limit?: unknown })
    | undefined;
  return new ApiError(
    status,
    error?.code ?? (status >= 500 ? 'internal' : 'bad_request'),
    error?.message ?? statusText,
    error?.issues ?? [],
    typeof error?.email === 'string' ? error.email : undefined,
    typeof error?.reason === 'string' ? error.reason : undefined,
    typeof error?.plan === 'string' ? error.plan : undefined,
    typeof error?.until === 'string' ? error.until : undefined,
    typeof error?.limit === 'string' ? error.limit : undefined,
  );
}

/** Told each time the server answers a call, whatever the status (`whenServerAnswers`). */
let serverAnswered: () => void = () => {};

/**
 * Sets what is told each time the server answers a call (an API request or an upload), whatever its
 * status: the connection works (lib/query-client.ts takes the connection notice down). An answer the
 * app makes up without one (a profile remembered on the device) is none.
 */
export function whenServerAnswers(listener: () => void): void {
  serverAnswered = listener;
}

/** No answer at all: offline, or the connection dropped. */
export const networkError = () => new ApiError(0, 'network', 'Not connected to the internet');

async function errorOf(response: Response): Promise<ApiError> {
  return apiErrorOf(response.status, await response.json().catch(() => undefined), response.statusText);
}

/**
 * Calls the API with the session (the cookie; in the bundled copy, its token, and a sign-in's answer
 * gives it the token to keep). Retries up to 3 times with exponential delay when there is
 * no answer or a 5xx; never on a 4xx.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const pending = serverPending();
  if (pending) await pending;
  const url = urlOf(path, options.query);
  const init: RequestInit = {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers: {
      ...(options.body === undefined
        ? { accept: 'application/json' }
        : { 'content-type': 'application/json', accept: 'application/json' }),
      ...sessionHeaders(),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  };
  let lastError: ApiError | undefined;
  for (let attempt = 0; attempt <= RETRY_COUNT; attempt += 1) {
    if (attempt > 0) await sleep(RETRY_BASE_DELAY_MS * 2 ** (attempt - 1));
    let response: Response;
    try {
      response = await server.fetch(url, init);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      lastError = networkError();
      // The browser knows it is offline: retrying now only delays the answer.
      if (navigator.onLine === false) break;
      continue;
    }
    serverAnswered();
    if (response.ok) {
      const token = response.headers.get(SHELL_SESSION_HEADER);
      if (token) server.keepSession(token);
      const text = await response.text();
      return (text ? JSON.parse(text) : undefined) as T;
    }
    lastError = await errorOf(response);
    if (response.status < 500) throw lastError;
  }
  throw lastError!;
}

export type UploadOptions = {
  /** Called with the part of the body sent, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

function parseJsonOrNothing(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POSTs a multipart form to the API through XMLHttpRequest, the only browser API that reports upload
 * progress. Failures become the same `ApiError` as every other call; a cancelled upload rejects with
 * an `AbortError`. Never retried: an upload can weigh megabytes of paid data.
 */
export function uploadForm(
  path: string,
  form: FormData,
  { onProgress, signal }: UploadOptions = {},
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('The upload was cancelled', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${server.origin}/api${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(sessionHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      serverAnswered();
      const body = parseJsonOrNothing(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body);
      else reject(apiErrorOf(xhr.status, body, xhr.statusText));
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
