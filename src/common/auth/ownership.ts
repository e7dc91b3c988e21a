import { HttpStatus } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional } from 'class-validator';
import { AppError } from '../errors/app-error';
import { MSG } from '../validation/messages';

/**
 * Spec 2 sends `user_id` with member updates. The member always comes from the session;
 * a `user_id` that is present must be that member's, otherwise the call is refused (403).
 */
export function assertOwnUserId(claimed: number | undefined, sessionUserId: number): void {
  if (claimed !== undefined && claimed !== sessionUserId) throw new AppError(MSG.forbiddenOtherMember, HttpStatus.FORBIDDEN);
}

/** DTO property decorator for that optional `user_id` (number or numeric string; empty = absent). */
export function OptionalUserId(): PropertyDecorator {
  return (target: object, key: string | symbol) => {
    Transform(({ value }: { value: unknown }) => (value === undefined || value === null || value === '' ? undefined : Number(value)))(target, key);
    IsInt({ message: MSG.forbiddenOtherMember })(target, key);
    IsOptional()(target, key);
  };
}
