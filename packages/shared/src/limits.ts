/** The business constants of SPEC.md section 9, in one place. */
export const MIN_AGE = 18;
export const MAX_AGE = 120;
export const PASSWORD_MIN_LENGTH = 4;
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
export const CARD_NUMBER_MIN_DIGITS = 16;
export const WITHDRAWAL_MINIMUM_USD = 10;
export const RETRY_COUNT = 3;
export const APP_BUILD = 39;
/**
 * The socket event `events` (devices.ts): at most this many client log entries a batch, each message
 * and stack cut at CLIENT_LOG_TEXT_MAX. Here, not in devices.ts, so the web app's first page reads them
 * without zod.
 */
export const CLIENT_LOGS_MAX = 20;
export const CLIENT_LOG_TEXT_MAX = 2000;
/**
 * A batch's JSON at most this many bytes (UTF-8), well under the socket's 64 KiB frame, past which the
 * server closes the socket (apps/server realtime/server.ts): 20 entries of 2,000-character texts would
 * be 80 KB. The largest single entry (its texts all escaped characters) is about 26 KB: it always fits.
 */
export const CLIENT_LOGS_MAX_BYTES = 32 * 1024;
/** The bytes a batch `{ logs }` takes as JSON in UTF-8, as CLIENT_LOGS_MAX_BYTES counts them. */
export const clientLogsBytes = (logs: readonly unknown[]) => utf8Bytes(JSON.stringify({ logs }));

/** A text's length in UTF-8 (a lone surrogate as its replacement character, 3 bytes, as TextEncoder writes it). */
function utf8Bytes(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** How many members each list of discovery.ts's USER_LIST_FILTERS answers with (`users`: the default list). */
export const USER_LIST_SIZES = {
  connected: 100,
  'i-rated': 12,
  'i-visited': 12,
  last: 12,
  near: 12,
  popular: 24,
  'rated-each': 12,
  'rated-me': 12,
  'visited-me': 12,
  users: 96,
} as const;

export const CONVERSATIONS_LIMIT = 100;
export const SUBSCRIPTIONS_PAGE_SIZE = 96;
export const PAYMENTS_PAGE_SIZE = 96;

export const CLOCK_REFRESH_MS = 60_000;
export const MESSAGE_TOAST_MS = 3_000;
export const MESSAGE_TOAST_GAP_MS = 3_000;
export const ERROR_NOTICE_MS = 2_000;

export const GEOLOCATION_TIMEOUT_MS = 5_000;
export const GEOLOCATION_REJECTION_SKIP_MS = 10 * 60_000;
/** Refusals of the push and install prompts are remembered this long (seconds: 12 h and 24 h). */
export const PUSH_PROMPT_REFUSAL_S = 43_200;
export const INSTALL_PROMPT_REFUSAL_S = 86_400;

export const DEFAULT_PAYMENT_METHOD = 'mobile_money' as const;

/** One-time codes (QUALITY.md S1; decisions 0005 and 0014). */
export const ONE_TIME_CODE_LENGTH = 6;
export const ONE_TIME_CODE_TTL_MS = 10 * 60_000;
/** Wrong tries one requester (a client address, or the logged-in member) gets at a code. */
export const ONE_TIME_CODE_MAX_TRIES = 5;
/** Wrong tries from all requesters together after which a code is dead. */
export const ONE_TIME_CODE_MAX_TRIES_TOTAL = 10;
export const ONE_TIME_CODE_RESEND_INTERVAL_MS = 60_000;

export const ABOUT_MAX_LENGTH = 500;
export const NAME_MAX_LENGTH = 50;
export const MATCH_DISTANCE_MAX_KM = 500;
