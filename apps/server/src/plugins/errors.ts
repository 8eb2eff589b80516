import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES as HTTP_REASONS } from 'node:http';
import type { Socket } from 'node:net';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES, type ApiErrorBody, type ErrorCode, type FieldIssue } from '@motema/shared/errors';
import { VALIDATION_MESSAGES, validationMessage, type ValidationMessageKey } from '@motema/shared/validation';
import { isDatabaseUnavailable, serviceUnavailable } from '../db/database-unavailable.ts';
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

/** The code of a 4xx thrown by Fastify or a plugin; any other 4xx (414, 415, 431...) is bad_request. */
const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  429: 'rate_limited',
};

/** The app's error body for a status: its code's English message, never the request's path or internals. */
export function errorBody(statusCode: number): ApiErrorBody {
  const code = statusCode >= 500 ? 'internal' : (STATUS_CODES[statusCode] ?? 'bad_request');
  return { statusCode, code, message: ERROR_MESSAGES[code] };
}

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
      if (error.email) body.email = error.email;
      if (error.reason) body.reason = error.reason;
      if (error.plan) body.plan = error.plan;
      if (error.until) body.until = error.until;
      if (error.limit) body.limit = error.limit;
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
      body = errorBody(error.statusCode);
    } else if (isDatabaseUnavailable(error)) {
      // The database is restarting or out of reach: not a bug, and the client may try again shortly.
      request.log.warn({ err: error }, 'database unavailable');
      const unavailable = serviceUnavailable();
      void reply.headers(unavailable.headers ?? {});
      body = { statusCode: 503, code: unavailable.code, message: unavailable.message };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      body = { statusCode: 500, code: 'internal', message: ERROR_MESSAGES.internal };
    }
    return reply.status(body.statusCode).send(body);
  });

  // A path the router knows under other methods answers 405 with them in Allow; an unknown one 404.
  app.setNotFoundHandler((request, reply) => {
    if (fallback?.(request, reply)) return reply;
    const allowed = app.supportedMethods.filter((method) => app.findRoute({ method, url: request.url }));
    if (allowed.length) return reply.status(405).header('allow', allowed.join(', ')).send(errorBody(405));
    return reply.status(404).send(errorBody(404));
  });
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route or hook runs (a path that is
 * not valid percent-encoding, 400; a path parameter over `maxParamLength`, 414). Fastify's own answer
 * would echo the whole path back.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 500) request.log.error({ err: error }, 'router error');
  void reply.status(status).send(errorBody(status));
}

/** Node's `clientError`: `rawPacket` is the chunk the parser stopped in, `bytesParsed` how far it got. */
type ClientError = Error & { code?: string; rawPacket?: unknown; bytesParsed?: number };

/**
 * Whether Node's parser gave up on the header size while still in the request line: a URL longer than
 * the whole header limit (16 KB), which deserves 414 rather than 431. Only known when the packet it
 * stopped in starts with the request line (a URL that long arrives in one packet over loopback and
 * most links; otherwise the answer stays 431).
 */
function requestLineTooLong(error: ClientError): boolean {
  const packet = error.rawPacket;
  if (!Buffer.isBuffer(packet) || !/^[A-Z]+ \S/.test(packet.subarray(0, 32).toString('latin1'))) return false;
  const lineEnd = packet.indexOf('\n');
  return lineEnd === -1 || lineEnd >= (error.bytesParsed ?? packet.length);
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before Fastify sees a request
 * (headers or URL over 16 KB, a malformed request line, a client too slow to send its headers),
 * written on the socket as the app's error body, then the connection closed, as Node does.
 */
export function answerClientError(this: FastifyInstance, error: ClientError, socket: Socket): void {
  // A reset connection, or one already gone: nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 408
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? requestLineTooLong(error)
          ? 414
          : 431
        : 400;
  this.log.debug({ err: error }, `client error ${status}`);
  if (socket.writable) {
    const body = JSON.stringify(errorBody(status));
    socket.write(
      `HTTP/1.1 ${status} ${HTTP_REASONS[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
