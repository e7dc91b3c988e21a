import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  GENERIC_BAD_REQUEST,
  GENERIC_NOT_FOUND,
  GENERIC_SERVER_ERROR,
  GENERIC_TOO_MANY,
} from './envelope';

/**
 * The one place errors become answers. Expected failures (HttpException, AppError,
 * validation) keep their message; anything else is logged with its stack and answered
 * with a generic message so internals never leak.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    if (res.headersSent) return;

    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      res.status(status).json(toBody(exception.getResponse(), status));
      return;
    }
    if (isClientError(exception)) {
      // Express/body-parser/serve-static errors for a bad request (http-errors, `expose`): the
      // status with a generic text; their English message (which may name a file) is not logged.
      res.status(exception.status).json({ success: false, message: defaultMessage(exception.status) });
      return;
    }
    this.logger.error(
      { err: exception, path: req.originalUrl, method: req.method },
      exception instanceof Error ? exception.message : 'Unhandled error',
    );
    res.status(HttpStatus.INTERNAL_SERVER_ERROR).json({ success: false, message: GENERIC_SERVER_ERROR });
  }
}

function defaultMessage(status: number): string {
  if (status === HttpStatus.NOT_FOUND) return GENERIC_NOT_FOUND;
  if (status === HttpStatus.TOO_MANY_REQUESTS) return GENERIC_TOO_MANY;
  if (status >= 500) return GENERIC_SERVER_ERROR;
  return GENERIC_BAD_REQUEST;
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

/** An http-errors style 4xx (body-parser, serve-static, a bad URL escape): the client's fault, nothing to log. */
function isClientError(e: unknown): e is { status: number } {
  if (typeof e !== 'object' || e === null) return false;
  const { status, expose } = e as { status?: unknown; expose?: unknown };
  return typeof status === 'number' && status >= 400 && status < 500 && expose === true;
}
