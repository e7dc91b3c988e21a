import { HttpStatus } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional } from 'class-validator';
import { AppError } from '../errors/app-error';
import { GENERIC_BAD_REQUEST } from '../http/envelope';
import { MSG } from '../validation/messages';

/**
 * Spec 2 sends `user_id` with member updates. The member always comes from the session;
 * a `user_id` that is present must be that member's, otherwise the call is refused (403).
 */
export function assertOwnUserId(claimed: number | undefined, sessionUserId: number): void {
  if (claimed !== undefined && claimed !== sessionUserId) throw new AppError(MSG.forbiddenOtherMember, HttpStatus.FORBIDDEN);
}

/**
 * DTO property decorator for that optional `user_id`: a whole number, as a JSON number or decimal
 * digits; absent, null or '' = not given. Anything else (true, [], {}, "1e3", 1.5) is refused
 * with 提供的資料無效或不完整 — never turned into a number (Number(true) is member 1).
 */
export function OptionalUserId(): PropertyDecorator {
  return (target: object, key: string | symbol) => {
    Transform(({ value }: { value: unknown }) => {
      if (value === undefined || value === null || value === '') return undefined;
      return typeof value === 'string' && /^[0-9]{1,10}$/.test(value.trim()) ? Number(value) : value;
    })(target, key);
    IsInt({ message: GENERIC_BAD_REQUEST })(target, key);
    IsOptional()(target, key);
  };
}
