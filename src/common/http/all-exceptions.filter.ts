import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GENERIC_NOT_FOUND, GENERIC_SERVER_ERROR, genericMessage as defaultMessage } from './envelope';
import { bodyError } from './json-body';

/** Static files: whatever the file handler could not send (missing, a directory, a dotfile, a traversal, a bad escape) is 404. */
const STATIC_PREFIX = /^\/(media|assets)(\/|$)/;

/**
 * The one place errors become answers. Expected failures (HttpException, AppError,
 * validation) keep their message; anything else is logged with its stack and answered
 * with a generic message so internals never leak. Fastify's own errors about a request (body
 * too large, a bad Content-Encoding, a malformed body: `bodyError`) get today's answers.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const req = ctx.getRequest<FastifyRequest>();
    if (reply.sent || reply.raw.headersSent) return;
    const { status, body, cacheControl } = this.answer(exception, req);
    if (cacheControl) reply.header('Cache-Control', cacheControl);
    reply.code(status).send(body);
  }

  /** Status and body for an error (logs the unexpected ones). */
  answer(exception: unknown, req: FastifyRequest): { status: number; body: Record<string, unknown>; cacheControl?: string } {
    const mapped = bodyError(exception);
    const path = req.url.split('?')[0];
    if (STATIC_PREFIX.test(path) && req.method !== 'POST') {
      const status = mapped instanceof HttpException ? mapped.getStatus() : isClientError(mapped) ? mapped.statusCode : 500;
      if (status >= 400 && status < 500) {
        // An old chunk after a deploy is never cached as missing for long.
        return { status: HttpStatus.NOT_FOUND, body: { success: false, message: GENERIC_NOT_FOUND }, cacheControl: 'no-cache' };
      }
    }
    if (mapped instanceof HttpException) {
      const status = mapped.getStatus();
      return { status, body: toBody(mapped.getResponse(), status) };
    }
    if (isClientError(mapped)) {
      // Fastify/static errors for a bad request: the status with a generic text; their English message (which may name a file) is not logged.
      return { status: mapped.statusCode, body: { success: false, message: defaultMessage(mapped.statusCode) } };
    }
    this.logger.error(
      { err: mapped, reqId: req.id, path: req.url, method: req.method },
      mapped instanceof Error ? mapped.message : 'Unhandled error',
    );
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { success: false, message: GENERIC_SERVER_ERROR } };
  }
}

function toBody(response: string | object, status: number): Record<string, unknown> {
  if (typeof response === 'string') return { success: false, message: status >= 500 ? GENERIC_SERVER_ERROR : response };
  const r = response as Record<string, unknown>;
  if (r.success === false && typeof r.message === 'string') return r;
  // Nest's built-in exceptions: { statusCode, message, error }. Our own Chinese
  // messages pass through; Nest's English defaults become the generic zh-TW text.
  const raw = Array.isArray(r.message) ? r.message[0] : r.message;
  const message = typeof raw === 'string' && /[\u4e00-\u9fff]/.test(raw) ? raw : defaultMessage(status);
  return { success: false, message };
}

/** A Fastify-style 4xx (`statusCode`: a plugin's error, a bad URL, a body the parser refused): the client's fault, nothing to log. */
function isClientError(e: unknown): e is { statusCode: number } {
  if (typeof e !== 'object' || e === null) return false;
  const { statusCode, status, expose } = e as { statusCode?: unknown; status?: unknown; expose?: unknown };
  if (typeof statusCode === 'number') return statusCode >= 400 && statusCode < 500;
  // http-errors style (`status` + `expose`), e.g. from a library on the raw request.
  if (typeof status === 'number' && status >= 400 && status < 500 && expose === true) {
    (e as { statusCode?: number }).statusCode = status;
    return true;
  }
  return false;
}
