import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';
import { GENERIC_BAD_REQUEST } from './envelope';

function firstMessage(errors: ValidationError[]): string | undefined {
  for (const e of errors) {
    const own = e.constraints ? Object.values(e.constraints)[0] : undefined;
    if (own) return own;
    const nested = e.children ? firstMessage(e.children) : undefined;
    if (nested) return nested;
  }
  return undefined;
}

/**
 * Global validation: unknown fields rejected, types transformed, and the first
 * failing rule's message (the spec's Chinese text on our DTOs) answered as-is.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const message = firstMessage(errors);
      const chinese = message && /[\u4e00-\u9fff]/.test(message) ? message : GENERIC_BAD_REQUEST;
      return new BadRequestException({ success: false, message: chinese });
    },
  });
}
