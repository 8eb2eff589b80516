import { z } from 'zod';
import { INTERFACE_LANGUAGES } from './languages.ts';
import { CLIENT_LOG_TEXT_MAX, CLIENT_LOGS_MAX, CLIENT_LOGS_MAX_BYTES, clientLogsBytes } from './limits.ts';

/**
 * Devices, app updates, visitors and the client's logs (SPEC.md sections 3, 7; issue 17). A device is
 * one install of the app (a browser profile for the web app), registered once; its build tells the
 * server whether a newer one exists.
 */

/** The release this source is: the web app registers with it, the server compares devices with it. */
export { APP_BUILD } from './limits.ts';
export const APP_VERSION = '1.39.0';

export const DEVICE_PLATFORMS = ['web', 'android', 'ios'] as const;
const text = (max: number) => z.string({ error: 'invalid_value' }).trim().max(max, 'invalid_value');

/**
 * `POST /api/devices`: the SPEC's device info; `_id` when the install registered before (its info is
 * updated). An `_id` the server does not know is 404 `device_not_found`: the app registers anew.
 */
export const DeviceInputSchema = z
  .object({
    _id: z.uuid({ error: 'invalid_value' }).optional(),
    platform: z.enum(DEVICE_PLATFORMS, { error: 'invalid_value' }),
    operatingSystem: text(40),
    manufacturer: text(80),
    model: text(80),
    osVersion: text(40),
    isVirtual: z.boolean({ error: 'invalid_value' }),
    webViewVersion: text(80),
    app: z.object({
      build: z.int({ error: 'invalid_value' }).min(1, 'invalid_value').max(1_000_000, 'invalid_value'),
      version: text(40),
    }),
  })
  .strict();
export type DeviceInput = z.infer<typeof DeviceInputSchema>;
export const DeviceSchema = DeviceInputSchema.omit({ _id: true }).extend({ _id: z.string() });
export type Device = z.infer<typeof DeviceSchema>;

/**
 * `device:{id}` (SPEC section 7): a build newer than the device's exists. `required`: the device's
 * build may no longer run (the app shows a blocking "update now"); otherwise a quiet notice. `url`:
 * where the update is (for the web app, its start page: reloading takes the new service worker).
 */
export const DeviceUpdateSchema = z.object({ version: z.string(), required: z.boolean(), url: z.string() });
export type DeviceUpdate = z.infer<typeof DeviceUpdateSchema>;

/** What the web app gives at the socket's handshake (`auth`): which install it is, and its build. */
export const SocketHandshakeAuthSchema = z.object({
  device: z.uuid().optional(),
  build: z.int().min(1).optional(),
});
export type SocketHandshakeAuth = z.infer<typeof SocketHandshakeAuthSchema>;

/**
 * `POST /api/visitors`: a visit of someone not connected (no IP address kept, nothing that names the
 * person): their language, where they came from (the referrer's origin only), their platform.
 */
export const VisitorInputSchema = z
  .object({
    language: z.enum(INTERFACE_LANGUAGES, { error: 'language_invalid' }),
    referrer: z.string({ error: 'invalid_value' }).max(2048, 'invalid_value').nullable(),
    platform: z.enum(DEVICE_PLATFORMS, { error: 'invalid_value' }),
  })
  .strict();
export type VisitorInput = z.infer<typeof VisitorInputSchema>;
export const VisitorSchema = z.object({
  _id: z.string(),
  language: z.enum(INTERFACE_LANGUAGES),
  referrer: z.string().nullable(),
  platform: z.enum(DEVICE_PLATFORMS),
  createdAt: z.iso.datetime(),
});
export type Visitor = z.infer<typeof VisitorSchema>;
/** Visits are kept this long, then removed (the privacy policy says so). */
export const VISITOR_RETENTION_DAYS = 90;

/**
 * The socket event `events`: the app's logs and errors, recorded in the server log. Capped: at most
 * CLIENT_LOGS_MAX entries and CLIENT_LOGS_MAX_BYTES a batch, each message and stack cut; batches over
 * the member's or the address's rate limit are dropped.
 */
export { CLIENT_LOGS_MAX, CLIENT_LOGS_MAX_BYTES, CLIENT_LOG_TEXT_MAX, clientLogsBytes };
export const ClientLogSchema = z.object({
  level: z.enum(['error', 'warn', 'info']),
  message: z.string().max(CLIENT_LOG_TEXT_MAX),
  stack: z.string().max(CLIENT_LOG_TEXT_MAX).optional(),
  /** The app's path when it happened (no query: it may hold tokens). */
  path: z.string().max(256).optional(),
  at: z.int().optional(),
});
export type ClientLog = z.infer<typeof ClientLogSchema>;
export const ClientLogsSchema = z
  .object({ logs: z.array(ClientLogSchema).max(CLIENT_LOGS_MAX) })
  .refine((batch) => clientLogsBytes(batch.logs) <= CLIENT_LOGS_MAX_BYTES, 'too_large');
export type ClientLogs = z.infer<typeof ClientLogsSchema>;
