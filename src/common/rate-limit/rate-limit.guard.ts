import { applyDecorators, CanActivate, ExecutionContext, HttpStatus, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error';
import { GENERIC_TOO_MANY } from '../http/envelope';
import { RateLimiter, RateLimitRule } from './rate-limiter';

interface RouteLimit {
  rule: RateLimitRule;
  keyOf: (req: FastifyRequest) => string;
}

const ROUTE_LIMIT = Symbol('ROUTE_LIMIT');

/** The client address (`req.ip` honours TRUST_PROXY behind a proxy). */
export const clientIp = (req: FastifyRequest): string => req.ip || req.socket.remoteAddress || 'unknown';

/**
 * Limits a route with `rule`, per client IP unless `keyOf` says otherwise. Every request counts,
 * also one the DTO then rejects (guards run before validation). Past the limit: 429 with
 * 請求過於頻繁，請稍後再試 and `Retry-After` in seconds.
 */
export function RateLimit(rule: RateLimitRule, keyOf: (req: FastifyRequest) => string = clientIp): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(ROUTE_LIMIT, { rule, keyOf } satisfies RouteLimit), UseGuards(RateLimitGuard));
}

@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const limit = this.reflector.getAllAndOverride<RouteLimit | undefined>(ROUTE_LIMIT, [context.getHandler(), context.getClass()]);
    if (!limit) return true;
    const http = context.switchToHttp();
    const decision = await this.limiter.consume(limit.rule, limit.keyOf(http.getRequest<FastifyRequest>()));
    if (decision.allowed) return true;
    void http.getResponse<FastifyReply>().header('Retry-After', String(Math.max(1, Math.ceil(decision.msBeforeNext / 1000))));
    throw new AppError(GENERIC_TOO_MANY, HttpStatus.TOO_MANY_REQUESTS);
  }
}
