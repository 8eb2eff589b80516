import type { ProviderCallOptions, ProviderExchange } from './payment-provider.ts';

/** What came back from one request: an HTTP answer (any status), or no answer at all. */
export type HttpOutcome =
  | { kind: 'answer'; status: number; contentType: string; text: string }
  | { kind: 'transport'; error: string };

const REDACTED = '[redacted]';

/** `text` with every occurrence of the secret replaced: what may be stored or logged (P16). */
export function withoutSecret(text: string, secret: string): string {
  return secret ? text.split(secret).join(REDACTED) : text;
}

/**
 * One request to FlexPay under the caller's signal and a timeout of our own (whichever ends first),
 * the body read under the same signal, and the exchange told to `onExchange` with the token stripped.
 * Never throws: a timeout, a refused connection or a cut body is a `transport` outcome.
 */
export async function flexpayRequest(
  operation: ProviderExchange['operation'],
  url: string,
  init: { method: 'GET' | 'POST'; token: string; body?: unknown; timeoutMs: number },
  options: ProviderCallOptions,
): Promise<HttpOutcome> {
  const started = performance.now();
  const signal = AbortSignal.any([options.signal, AbortSignal.timeout(init.timeoutMs)]);
  let outcome: HttpOutcome;
  try {
    const response = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${init.token}`,
        ...(init.body !== undefined && { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal,
      redirect: 'manual',
    });
    outcome = {
      kind: 'answer',
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text: await response.text(),
    };
  } catch (error) {
    const timedOut = signal.aborted && !options.signal.aborted;
    outcome = {
      kind: 'transport',
      error: timedOut ? `timeout after ${init.timeoutMs} ms` : describe(error),
    };
  }
  options.onExchange?.({
    operation,
    httpStatus: outcome.kind === 'answer' ? outcome.status : null,
    latencyMs: Math.round(performance.now() - started),
    body: withoutSecret(outcome.kind === 'answer' ? outcome.text : outcome.error, init.token),
  });
  return outcome;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
}

/** The JSON of an answer, or undefined when it is not JSON (an HTML error page with HTTP 200, A1.3). */
export function jsonOf(outcome: Extract<HttpOutcome, { kind: 'answer' }>): unknown {
  try {
    return JSON.parse(outcome.text) as unknown;
  } catch {
    return undefined;
  }
}
