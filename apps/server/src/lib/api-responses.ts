import type { Readable } from 'node:stream';
import { z } from 'zod';
import { PAYMENT_REQUIRED_REASONS } from '@motema/shared/billing';
import { ERROR_MESSAGES, type ApiErrorBody, type ErrorCode } from '@motema/shared/errors';

/**
 * Response schemas shared by the routes, so the OpenAPI document (/api/docs) gives every answer a
 * route can make (QUALITY R2). They are real response schemas: an error body is serialised through
 * ApiErrorSchema, so what the document says is what is sent.
 */

const FieldIssueSchema = z.object({
  path: z.string(),
  code: z.string(),
  message: z.string(),
  count: z.number().optional(),
});

/**
 * The one error body of the API (plugins/errors.ts): `{ statusCode, code, message, issues?, email?, ... }`,
 * written once in the document (components/schemas/ApiError) and referenced by every error answer.
 */
export const ApiErrorSchema = z
  .object({
    statusCode: z.int(),
    code: z.enum(Object.keys(ERROR_MESSAGES) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    issues: z.array(FieldIssueSchema).optional(),
    email: z.string().optional(),
    reason: z.enum(PAYMENT_REQUIRED_REASONS).optional(),
    plan: z.string().optional(),
    until: z.string().optional(),
    limit: z.enum(['daily', 'monthly']).optional(),
  })
  .meta({ id: 'ApiError' }) satisfies z.ZodType<ApiErrorBody>;

/**
 * Error answers, as `{ status: description }`: the description names the codes a client can meet
 * (`apiErrors({ 404: 'user_not_found: ...' })`). Every error has the same body, ApiErrorSchema.
 */
export function apiErrors(descriptions: Record<number, string>) {
  return Object.fromEntries(
    Object.entries(descriptions).map(([status, description]) => [
      status,
      { description, content: { 'application/json': { schema: ApiErrorSchema } } },
    ]),
  );
}

/** An answer without a body (204, 202, 304, 416): `reply.send()` with nothing. */
export const noBody = (description: string) => z.undefined().describe(description);

/** An answer whose body is a file, of one of `mediaTypes` (ranges such as `image/*` allowed). */
export function fileBody(description: string, mediaTypes: string[]) {
  // Sent as a Buffer or a stream, never serialised: the schema only documents the bytes.
  const schema = z.custom<Buffer | Readable>().meta({ type: 'string', format: 'binary' });
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema }])) };
}
