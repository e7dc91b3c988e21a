import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error';
import { MSG } from '../validation/messages';
import './session.types';

/**
 * Lets a request through only with a logged-in member in the session (`req.user`, set by
 * passport from the server-side session). Answers 401 `{ success: false, message: '請先登入' }`.
 */
@Injectable()
export class MemberGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    if (!isMember(req)) throw new AppError(MSG.loginRequired, HttpStatus.UNAUTHORIZED);
    return true;
  }
}

export function isMember(req: FastifyRequest): boolean {
  return typeof req.user?.id === 'number' && req.user.id > 0;
}
