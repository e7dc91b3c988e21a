import { createParamDecorator, ExecutionContext, HttpStatus } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import './session.types';
import { AppError } from '../errors/app-error';
import { MSG } from '../validation/messages';
import type { SessionUser } from './session-user';

/**
 * The logged-in member from the session (use behind `MemberGuard`). Never read a member id
 * from the body or the query: this is the only source of "who is asking".
 */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): SessionUser => {
  const req = ctx.switchToHttp().getRequest<FastifyRequest>();
  if (typeof req.user?.id !== 'number') throw new AppError(MSG.loginRequired, HttpStatus.UNAUTHORIZED);
  return { id: req.user.id };
});
