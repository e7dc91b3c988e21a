import { Transform } from 'class-transformer';
import { IsInt, Max, Min, ValidateIf } from 'class-validator';
import { GENERIC_BAD_REQUEST } from '../http/envelope';
import { ToWholeNumber } from './decorators';

/** The most rows one admin list page may hold (server-side cap of every `limit`). */
export const ADMIN_PAGE_MAX = 100;

/** '' and null mean "not given" for list filters (the screens send '' for 全部). */
export const BlankToUndefined = () => Transform(({ value }: { value: unknown }) => (value === '' || value === null ? undefined : value));
/** A filter that is absent (undefined after BlankToUndefined) is not checked. */
export const IfGiven = () => ValidateIf((_o: object, v: unknown) => v !== undefined);

/**
 * `limit` (1–100) and `offset` of the back office's paged lists; each list's DTO extends it and
 * applies its own default page size when `limit` is absent.
 */
export class AdminPageDto {
  @BlankToUndefined()
  @IfGiven()
  @ToWholeNumber()
  @Max(ADMIN_PAGE_MAX, { message: GENERIC_BAD_REQUEST })
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  limit?: number;

  @BlankToUndefined()
  @IfGiven()
  @ToWholeNumber()
  @Max(10_000_000, { message: GENERIC_BAD_REQUEST })
  @Min(0, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  offset?: number;
}
