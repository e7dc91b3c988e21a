import { AmegoError, InvoiceValidationError } from '../../integrations/amego/invoice-gateway';

/** A refusal another attempt with the same data cannot change (our validation, or Amego's non-retryable codes). */
export function isPermanentInvoiceError(err: unknown): boolean {
  return err instanceof InvoiceValidationError || (err instanceof AmegoError && !err.retryable);
}

/** What a failed invoice or allowance job keeps as `last_error`. */
export function describeInvoiceError(err: unknown): string {
  if (err instanceof InvoiceValidationError) return `invalid ${err.field}: ${err.message}`;
  return err instanceof Error ? err.message : String(err);
}
