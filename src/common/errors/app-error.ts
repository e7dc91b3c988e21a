import { HttpException, HttpStatus } from '@nestjs/common';

/**
 * An expected business failure (wrong code, out of stock, already paid …).
 * The global filter turns it into `{ success: false, message, ...extra }` with `status`.
 */
export class AppError extends HttpException {
  constructor(
    message: string,
    status: number = HttpStatus.BAD_REQUEST,
    readonly extra: Record<string, unknown> = {},
  ) {
    super({ success: false, message, ...extra }, status);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(message, HttpStatus.NOT_FOUND, extra);
  }
}
