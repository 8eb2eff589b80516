import { z } from 'zod';
import { ZONES_PER_MEMBER_MAX } from '@motema/shared/zones';
import { LIVE_MIN_ACCOUNT_DAYS } from '@motema/shared/lives';

/** An iOS bundle id (reverse DNS), an Android package name, a signing certificate's SHA-256 fingerprint. */
const BUNDLE_ID = /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
const ANDROID_PACKAGE = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;
const SHA256_FINGERPRINT = /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/;

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Motema <no-reply@motema.app>'),
  TRUST_PROXY: z.stringbool().default(false),
  // HTTPS with HTTP/2 (HTTP/1.1 still accepted on the same port): PEM files of the certificate (chain)
  // and its private key. Unset: plain HTTP/1.1, for a reverse proxy that terminates TLS.
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  // The OpenAPI document and Swagger UI at /api/docs; unset: served outside production only.
  API_DOCS: z.stringbool().optional(),
  // Media storage: local disk under DATA_DIR/media unless S3_BUCKET names an S3-compatible bucket.
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  // ffmpeg and ffprobe for videos and audios (decision 0031): the machine's maintained ones in /usr/bin,
  // else the static builds npm installs (@ffmpeg-installer/linux-x64...), unless these name others.
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  // Who encodes uploads (docs/scaling.md, "Media nodes"): `fork`, a media worker the server starts and
  // supervises (decision 0022); `external`, none: workers started on their own (`npm run worker`,
  // here or on other machines) work the same queues, with the same database and media storage.
  MEDIA_WORKER: z.enum(['fork', 'external']).default('fork'),
  // Several server nodes: a Redis (redis:// or rediss://) for the Socket.IO adapter and shared rate limits.
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  // FlexPay (docs/payments.md): its merchant API and card page, the merchant code and token (a secret:
  // never logged). FLEXPAY_SIM starts the local simulator on 127.0.0.1 instead (FLEXPAY_SIM_PORT, 0 =
  // a free port); unset, it runs outside production when FLEXPAY_BASE_URL is not set.
  FLEXPAY_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  FLEXPAY_CARD_URL: z.url({ protocol: /^https?$/ }).optional(),
  FLEXPAY_MERCHANT: z.string().min(1).optional(),
  FLEXPAY_TOKEN: z.string().min(1).optional(),
  FLEXPAY_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  FLEXPAY_SIM: z.stringbool().optional(),
  FLEXPAY_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  // FlexPay's merchant fee, a percentage of each payment booked as an expense when it settles
  // (docs/payments.md, "Fees"): 0 until FlexPay states its rate (PAYMENTS.md Q3).
  FLEXPAY_FEE_PERCENT: z.coerce.number().min(0).max(100).default(0),
  // Payment starts (PAYMENTS.md P5): a member's in an hour, and pushes to one payer's phone in an hour
  // (so that no one can flood a stranger's phone with payment requests).
  PAYMENT_STARTS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  PAYMENT_PUSHES_PER_PHONE_PER_HOUR: z.coerce.number().int().min(1).default(3),
  // The scam shield (docs/scam-shield.md): the messages an account younger than a day may send to
  // members who have not answered it, in an hour.
  NEW_ACCOUNT_STRANGER_MESSAGES_PER_HOUR: z.coerce.number().int().min(1).default(10),
  // The partnership programme (docs/partnership.md): a new partner's share of each settled payment of
  // their children (percent), the days a commission stays on hold, and CDF's smallest withdrawal in
  // minor units ($10's equivalent: 2,800,000 is 28,000 FC).
  PARTNERSHIP_PERCENTAGE: z.coerce.number().min(0).max(100).default(10),
  // How long a closed moderation case keeps its snapshot (the reported text and pictures), in days
  // (docs/moderation.md "Retention").
  MODERATION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  PARTNERSHIP_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  WITHDRAWAL_MINIMUM_CDF_MINOR: z.coerce.number().int().min(1).default(2_800_000),
  // A withdrawal number's proof (docs/partnership.md): the small collection pushed to it, in its
  // currency (CDF or USD) and minor units, credited back once it settles; and the hours after a
  // change of a proven number before the first withdrawal to the new one (P20).
  WITHDRAWAL_PROOF_CURRENCY: z.enum(['CDF', 'USD']).default('CDF'),
  WITHDRAWAL_PROOF_CDF_MINOR: z.coerce.number().int().min(1).default(10_000),
  WITHDRAWAL_PROOF_USD_MINOR: z.coerce.number().int().min(1).default(10),
  WITHDRAWAL_NUMBER_COOLDOWN_HOURS: z.coerce.number().min(0).default(72),
  // The mobile-money operators' wallet caps on what one number receives (docs/partnership.md), JSON:
  // {"<operator>": {"daily": {"USD": <minor>, "CDF": <minor>}, "monthly": {...}}}; unset: the defaults there.
  WITHDRAWAL_OPERATOR_LIMITS: z
    .string()
    .refine(
      (value) => {
        try {
          const parsed: unknown = JSON.parse(value);
          return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
        } catch {
          return false;
        }
      },
      { error: 'must be a JSON object of caps per operator' },
    )
    .optional(),
  // App updates (docs/devices.md): a device whose build is below this one may no longer run and is
  // told the update is required (a blocking "update now"); between it and APP_BUILD the update is optional.
  APP_MIN_BUILD: z.coerce.number().int().min(1).default(1),
  // Zones (docs/zones.md): the zones a member may belong to at once, waiting requests included.
  ZONES_PER_MEMBER_MAX: z.coerce.number().int().min(1).default(ZONES_PER_MEMBER_MAX),
  // Lives (docs/lives.md): how old an account must be, in days, before it may go live.
  LIVE_MIN_ACCOUNT_DAYS: z.coerce.number().int().min(0).default(LIVE_MIN_ACCOUNT_DAYS),
  // Lives (docs/lives.md): how long a live its broadcaster ended may still be kept as a post; its
  // segments are removed then (nothing of a live is recorded unless kept).
  LIVE_KEEP_HOURS: z.coerce.number().positive().default(24),
  // The mobile app's bundled copy (docs/mobile-app.md, decision 0052): the origins its web views serve
  // it from (Android's https://localhost, iOS's capacitor://localhost; comma-separated, empty for
  // none). Their pages may call /api and Socket.IO with a bearer session, never with the cookie.
  SHELL_ORIGINS: z
    .string()
    .default('https://localhost,capacitor://localhost')
    .transform((list, ctx) =>
      list
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
        .flatMap((item) => {
          // As browsers serialize an origin: scheme://host[:port], lower case, no path (a custom
          // scheme's URL has no `origin` of its own in WHATWG URL, hence the pattern).
          if (/^[a-z][a-z0-9+.-]*:\/\/[a-z0-9.-]+(:\d+)?$/.test(item)) return [item];
          ctx.addIssue({ code: 'custom', message: `${item} is not an origin (scheme://host[:port])` });
          return [];
        }),
    ),
  // Web push (docs/notifications.md): origins the server may post pushes to besides the known push
  // services (comma-separated; the local push service in tests, e2e and development), and the VAPID
  // subject a push service may write to (default: mailto: support at PUBLIC_URL's host).
  PUSH_SERVICE_ORIGINS: z
    .string()
    .default('')
    .transform((list, ctx) =>
      list
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
        .flatMap((item) => {
          const url = URL.canParse(item) ? new URL(item) : null;
          if (url && (url.protocol === 'http:' || url.protocol === 'https:')) return [url.origin];
          ctx.addIssue({ code: 'custom', message: `${item} is not an http(s) origin` });
          return [];
        }),
    ),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, 'must be a mailto: or https: URL')
    .optional(),
  // Native push (docs/notifications.md). Android through FCM HTTP v1: the Firebase project's service
  // account (its JSON, or the path of its file; a secret: never logged), FCM_API_URL only for the local
  // FCM service. iOS through APNs with token authentication: the .p8 key (its PEM, or the path of its
  // file; a secret), its key id, the team id and the app's bundle id (the topic); APNS_HOST
  // api.sandbox.push.apple.com for development builds, or the local APNs service with APNS_PORT and
  // APNS_CA (the PEM, or path, of a certificate to trust). Unset: native tokens are kept, not sent to.
  FCM_SERVICE_ACCOUNT: z.string().min(1).optional(),
  FCM_API_URL: z.url({ protocol: /^https?$/ }).default('https://fcm.googleapis.com'),
  APNS_KEY: z.string().min(1).optional(),
  APNS_KEY_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character key id')
    .optional(),
  APNS_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character team id')
    .optional(),
  APNS_TOPIC: z.string().regex(BUNDLE_ID, "must be the app's bundle id").optional(),
  APNS_HOST: z.string().min(1).default('api.push.apple.com'),
  APNS_PORT: z.coerce.number().int().min(1).max(65535).default(443),
  APNS_CA: z.string().min(1).optional(),
  // App links (docs/mobile-app.md): /.well-known/assetlinks.json names the Android app (its package and
  // its signing certificates' SHA-256 fingerprints, comma-separated) and
  // /.well-known/apple-app-site-association the iOS app (<team id>.<bundle id>). Unset: 404.
  APP_LINKS_ANDROID_PACKAGE: z.string().regex(ANDROID_PACKAGE, 'must be an Android package name').optional(),
  APP_LINKS_ANDROID_SHA256: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((item) => item.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(SHA256_FINGERPRINT, 'must be SHA-256 fingerprints (AB:CD:...)'))),
  APP_LINKS_IOS_APP_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}\.[A-Za-z0-9.-]+$/, 'must be <team id>.<bundle id>')
    .optional(),
});

export type Env = z.infer<typeof EnvSchema>;

/** Parses configuration; throws one error listing every problem. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (!!env.S3_ACCESS_KEY_ID !== !!env.S3_SECRET_ACCESS_KEY) {
    throw new Error(
      'Invalid configuration:\n  - S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither',
    );
  }
  if (!flexpaySimEnabled(env) && env.NODE_ENV !== 'production') {
    const missing = FLEXPAY_SETTINGS.filter((name) => !env[name]);
    if (missing.length) {
      throw new Error(
        `Invalid configuration:\n  - ${missing.join(', ')}: set them, or FLEXPAY_SIM=true for the local simulator`,
      );
    }
  }
  if (!!env.TLS_CERT_FILE !== !!env.TLS_KEY_FILE) {
    throw new Error('Invalid configuration:\n  - TLS_CERT_FILE and TLS_KEY_FILE: set both or neither');
  }
  const apns = APNS_SETTINGS.filter((name) => env[name]);
  if (apns.length > 0 && apns.length < APNS_SETTINGS.length) {
    throw new Error(`Invalid configuration:\n  - ${APNS_SETTINGS.join(', ')}: set all or none`);
  }
  if (!!env.APP_LINKS_ANDROID_PACKAGE !== env.APP_LINKS_ANDROID_SHA256.length > 0) {
    throw new Error(
      'Invalid configuration:\n  - APP_LINKS_ANDROID_PACKAGE and APP_LINKS_ANDROID_SHA256: set both or neither',
    );
  }
  if (env.NODE_ENV === 'production') {
    const problems: string[] = [];
    if (!env.SMTP_URL)
      problems.push('  - SMTP_URL: production sends real mail; the development outbox is refused');
    if (!env.PUBLIC_URL) {
      problems.push('  - PUBLIC_URL: needed for links in e-mails, the Origin check and payment callbacks');
    }
    problems.push(...flexpayProductionProblems(env));
    // The access token travels with each push: never in clear (http is for the local FCM service).
    if (!env.FCM_API_URL.startsWith('https://'))
      problems.push('  - FCM_API_URL: must be https in production');
    if (problems.length) throw new Error(`Refusing to start in production:\n${problems.join('\n')}`);
  }
  return env;
}

/** APNs token authentication needs the four together. */
const APNS_SETTINGS = ['APNS_KEY', 'APNS_KEY_ID', 'APNS_TEAM_ID', 'APNS_TOPIC'] as const;

const FLEXPAY_SETTINGS = [
  'FLEXPAY_BASE_URL',
  'FLEXPAY_CARD_URL',
  'FLEXPAY_MERCHANT',
  'FLEXPAY_TOKEN',
] as const;
/** FlexPay's own hosts over HTTPS (PAYMENTS.md A1.2): production talks to nothing else about money. */
const isFlexpayUrl = (value: string) => {
  const url = new URL(value);
  return url.protocol === 'https:' && !url.username && url.hostname.endsWith('.flexpay.cd');
};

/** Whether the server starts the local FlexPay simulator: FLEXPAY_SIM, else outside production without FLEXPAY_BASE_URL. */
export const flexpaySimEnabled = (env: Pick<Env, 'FLEXPAY_SIM' | 'FLEXPAY_BASE_URL' | 'NODE_ENV'>) =>
  env.FLEXPAY_SIM ?? (env.NODE_ENV !== 'production' && !env.FLEXPAY_BASE_URL);

/** Production takes real payments: the real FlexPay, over HTTPS, never the simulator. */
function flexpayProductionProblems(env: Env): string[] {
  const problems: string[] = [];
  if (env.FLEXPAY_SIM) {
    problems.push('  - FLEXPAY_SIM: the FlexPay simulator approves payments on request; never in production');
  }
  for (const name of FLEXPAY_SETTINGS) {
    if (!env[name]) problems.push(`  - ${name}: production takes payments through FlexPay`);
  }
  for (const name of ['FLEXPAY_BASE_URL', 'FLEXPAY_CARD_URL'] as const) {
    const url = env[name];
    if (url && !isFlexpayUrl(url)) problems.push(`  - ${name}: must be an https://*.flexpay.cd URL`);
  }
  return problems;
}

/**
 * Where the outside world reaches this server (a payment's callback, the card page's way back):
 * PUBLIC_URL, from configuration only, never a request's Host header (which its sender chooses).
 * Outside production it defaults to this server itself: HOST (localhost when it listens on every
 * address) and the port it listens on. Production refuses to start without PUBLIC_URL (parseEnv).
 */
export function publicOrigin(
  env: Pick<Env, 'PUBLIC_URL' | 'NODE_ENV' | 'HOST'>,
  listening: { port: number; tls: boolean },
): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '');
  if (env.NODE_ENV === 'production') throw new Error('PUBLIC_URL is required in production');
  const host = ['0.0.0.0', '::', ''].includes(env.HOST)
    ? 'localhost'
    : env.HOST.includes(':')
      ? `[${env.HOST}]`
      : env.HOST;
  return `${listening.tls ? 'https' : 'http'}://${host}:${listening.port}`;
}

/** The only reader of process.env. */
export function loadEnv(): Env {
  return parseEnv(process.env);
}
