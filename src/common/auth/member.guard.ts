import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AppError } from '../errors/app-error';
import { MSG } from '../validation/messages';
import './session-user';

/**
 * Lets a request through only with a logged-in member in the session (`req.user`, set by
 * passport from the server-side session). Answers 401 `{ success: false, message: '請先登入' }`.
 */
@Injectable()
export class MemberGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (!isMember(req)) throw new AppError(MSG.loginRequired, HttpStatus.UNAUTHORIZED);
    return true;
  }
}

export function isMember(req: Request): boolean {
  return typeof req.user?.id === 'number' && req.user.id > 0;
}
