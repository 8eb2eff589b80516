import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES, type ApiErrorBody, type ErrorCode, type FieldIssue } from '@motema/shared/errors';
import { VALIDATION_MESSAGES, validationMessage, type ValidationMessageKey } from '@motema/shared/validation';
import { AppError } from '../lib/app-error.ts';

type ZodLikeIssue = {
  path?: PropertyKey[];
  message: string;
  code?: string;
  minimum?: unknown;
  maximum?: unknown;
};

/** A zod issue as a field issue: the shared message key and its English text. */
export function toFieldIssue(issue: ZodLikeIssue, prefix = ''): FieldIssue {
  const path = [prefix, ...(issue.path ?? []).map(String)].filter(Boolean).join('.');
  const key =
    issue.message in VALIDATION_MESSAGES ? (issue.message as ValidationMessageKey) : 'invalid_value';
  const count =
    key === 'min_length' ? Number(issue.minimum) : key === 'max_length' ? Number(issue.maximum) : undefined;
  return {
    path,
    code: key,
    message: validationMessage(key, count),
    ...(count !== undefined ? { count } : {}),
  };
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'bad_request',
  429: 'rate_limited',
};

/** The one error handler: `{ statusCode, code, message, issues? }`; 5xx never leak internals. */
export function registerErrorHandler(
  app: FastifyInstance,
  fallback?: (request: FastifyRequest, reply: FastifyReply) => boolean,
): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let body: ApiErrorBody;
    if (error instanceof AppError) {
      body = { statusCode: error.statusCode, code: error.code, message: error.message };
      if (error.issues) body.issues = error.issues;
      if (error.headers) void reply.headers(error.headers);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const prefix = error.validationContext === 'body' ? '' : (error.validationContext ?? '');
      const issues = error.validation.map((v) =>
        toFieldIssue(
          {
            ...(v.params as Partial<ZodLikeIssue>),
            path: v.instancePath.split('/').filter(Boolean),
            message: v.message ?? '',
          },
          prefix,
        ),
      );
      body = {
        statusCode: 400,
        code: 'validation_failed',
        message: ERROR_MESSAGES.validation_failed,
        issues,
      };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code = STATUS_CODES[error.statusCode] ?? 'bad_request';
      body = { statusCode: error.statusCode, code, message: ERROR_MESSAGES[code] };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      body = { statusCode: 500, code: 'internal', message: ERROR_MESSAGES.internal };
    }
    return reply.status(body.statusCode).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    if (fallback?.(request, reply)) return reply;
    const body: ApiErrorBody = { statusCode: 404, code: 'not_found', message: ERROR_MESSAGES.not_found };
    return reply.status(404).send(body);
  });
}
