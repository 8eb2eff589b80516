import { z } from 'zod';

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
  // Several server nodes: a Redis (redis:// or rediss://) for the Socket.IO adapter and shared rate limits.
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
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
  if (!!env.TLS_CERT_FILE !== !!env.TLS_KEY_FILE) {
    throw new Error('Invalid configuration:\n  - TLS_CERT_FILE and TLS_KEY_FILE: set both or neither');
  }
  if (env.NODE_ENV === 'production') {
    const problems: string[] = [];
    if (!env.SMTP_URL)
      problems.push('  - SMTP_URL: production sends real mail; the development outbox is refused');
    if (!env.PUBLIC_URL) problems.push('  - PUBLIC_URL: needed for links in e-mails and the Origin check');
    if (problems.length) throw new Error(`Refusing to start in production:\n${problems.join('\n')}`);
  }
  return env;
}

/** The only reader of process.env. */
export function loadEnv(): Env {
  return parseEnv(process.env);
}
