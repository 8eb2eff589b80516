import { z } from 'zod';
declare const EnvSchema: z.ZodObject<{
    NODE_ENV: z.ZodDefault<z.ZodEnum<{
        development: "development";
        production: "production";
        test: "test";
    }>>;
    HOST: z.ZodDefault<z.ZodString>;
    PORT: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    PUBLIC_URL: z.ZodOptional<z.ZodURL>;
    DATABASE_URL: z.ZodOptional<z.ZodURL>;
    DATA_DIR: z.ZodDefault<z.ZodString>;
    EMBEDDED_PG_PORT: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    SMTP_URL: z.ZodOptional<z.ZodURL>;
    MAIL_FROM: z.ZodDefault<z.ZodString>;
    TRUST_PROXY: z.ZodDefault<z.ZodCodec<z.ZodString, z.ZodBoolean>>;
    TLS_CERT_FILE: z.ZodOptional<z.ZodString>;
    TLS_KEY_FILE: z.ZodOptional<z.ZodString>;
    LOG_LEVEL: z.ZodDefault<z.ZodEnum<{
        error: "error";
        fatal: "fatal";
        warn: "warn";
        info: "info";
        debug: "debug";
        trace: "trace";
        silent: "silent";
    }>>;
    WEB_DIST_DIR: z.ZodOptional<z.ZodString>;
    API_DOCS: z.ZodOptional<z.ZodCodec<z.ZodString, z.ZodBoolean>>;
    S3_BUCKET: z.ZodOptional<z.ZodString>;
    S3_ENDPOINT: z.ZodOptional<z.ZodURL>;
    S3_REGION: z.ZodDefault<z.ZodString>;
    S3_ACCESS_KEY_ID: z.ZodOptional<z.ZodString>;
    S3_SECRET_ACCESS_KEY: z.ZodOptional<z.ZodString>;
    S3_FORCE_PATH_STYLE: z.ZodDefault<z.ZodCodec<z.ZodString, z.ZodBoolean>>;
    FFMPEG_PATH: z.ZodOptional<z.ZodString>;
    FFPROBE_PATH: z.ZodOptional<z.ZodString>;
    REDIS_URL: z.ZodOptional<z.ZodURL>;
    FLEXPAY_BASE_URL: z.ZodOptional<z.ZodURL>;
    FLEXPAY_CARD_URL: z.ZodOptional<z.ZodURL>;
    FLEXPAY_MERCHANT: z.ZodOptional<z.ZodString>;
    FLEXPAY_TOKEN: z.ZodOptional<z.ZodString>;
    FLEXPAY_TIMEOUT_MS: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    FLEXPAY_SIM: z.ZodOptional<z.ZodCodec<z.ZodString, z.ZodBoolean>>;
    FLEXPAY_SIM_PORT: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    PAYMENT_STARTS_PER_HOUR: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    PAYMENT_PUSHES_PER_PHONE_PER_HOUR: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    APP_MIN_BUILD: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    PUSH_SERVICE_ORIGINS: z.ZodPipe<z.ZodDefault<z.ZodString>, z.ZodTransform<string[], string>>;
    VAPID_SUBJECT: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export type Env = z.infer<typeof EnvSchema>;
/** Parses configuration; throws one error listing every problem. */
export declare function parseEnv(source: Record<string, string | undefined>): Env;
/** Whether the server starts the local FlexPay simulator: FLEXPAY_SIM, else outside production without FLEXPAY_BASE_URL. */
export declare const flexpaySimEnabled: (env: Pick<Env, "FLEXPAY_SIM" | "FLEXPAY_BASE_URL" | "NODE_ENV">) => boolean;
/**
 * Where the outside world reaches this server (a payment's callback, the card page's way back):
 * PUBLIC_URL, from configuration only, never a request's Host header (which its sender chooses).
 * Outside production it defaults to this server itself: HOST (localhost when it listens on every
 * address) and the port it listens on. Production refuses to start without PUBLIC_URL (parseEnv).
 */
export declare function publicOrigin(env: Pick<Env, 'PUBLIC_URL' | 'NODE_ENV' | 'HOST'>, listening: {
    port: number;
    tls: boolean;
}): string;
/** The only reader of process.env. */
export declare function loadEnv(): Env;
export {};
