import {
  applyDecorators,
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  HttpStatus,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AdminRole } from '../api/admin';
import { AppError } from '../errors/app-error';
import { ADMIN_MSG, ADMIN_ROLES } from '../validation/admin';
import './session.types';

export type { AdminRole };

/** The signed-in back-office account, as routes see it (`@CurrentAdmin()`). */
export interface SessionAdmin {
  id: number;
  username: string;
  displayName: string;
  role: AdminRole;
}

const ROLES_KEY = 'skinshop:admin-roles';
const SETUP_KEY = 'skinshop:admin-totp-setup';

/**
 * Back-office access for a controller (class) or a route (method): only a signed-in admin whose
 * role is listed passes; `owner` always passes. The method's list replaces the class's.
 * No admin → 401 `ADMIN_MSG.loginRequired`; another role → 403 `ADMIN_MSG.forbidden`.
 *
 * ```ts
 * @Controller('admin') @AdminRoles('owner', 'staff')
 * export class AdminOrdersController { ... }
 * ```
 */
export function AdminRoles(...roles: AdminRole[]) {
  return applyDecorators(SetMetadata(ROLES_KEY, roles), UseGuards(AdminGuard));
}

/** Any signed-in admin (owner, staff, editor). */
export const AnyAdmin = () => AdminRoles(...ADMIN_ROLES);

/**
 * Routes an owner who must set up two-factor (production) may still call: check login, log out,
 * TOTP setup/enable. Every other route answers 403 `ADMIN_MSG.mustSetupTotp` for such an owner.
 */
export const AllowBeforeTotpSetup = () => SetMetadata(SETUP_KEY, true);

/** The admin of a request with what the guard needs to know. */
export type ResolvedAdmin = SessionAdmin & { mustSetupTotp: boolean; totpEnabled: boolean };

/**
 * Who is signed in to the back office (the admin session, cookie `asid`), checked against the
 * account row. Implemented by the staff module (which owns the `admins` table); injected by
 * `AdminGuard` and the Express mounts through this class.
 */
export abstract class AdminAccess {
  /**
   * The admin of this request's session, or null: no admin session, the account is gone or
   * disabled, or its password was reset / it was disabled since this session began.
   */
  abstract resolve(req: FastifyRequest): Promise<ResolvedAdmin | null>;

  /** Whether an owner must set up two-factor before using the back office (production rule). */
  abstract mustSetupTotp(role: string, totpEnabled: boolean): boolean;

  /** The admin if allowed (`roles`; owner always), else the 401 / 403 AppError. */
  async check(req: FastifyRequest, roles: readonly AdminRole[], opts: { beforeTotpSetup?: boolean } = {}): Promise<SessionAdmin> {
    const admin = await this.resolve(req);
    if (!admin) throw new AppError(ADMIN_MSG.loginRequired, HttpStatus.UNAUTHORIZED);
    if (admin.mustSetupTotp && !opts.beforeTotpSetup) throw new AppError(ADMIN_MSG.mustSetupTotp, HttpStatus.FORBIDDEN, { mustSetupTotp: true });
    if (admin.role !== 'owner' && !roles.includes(admin.role)) throw new AppError(ADMIN_MSG.forbidden, HttpStatus.FORBIDDEN);
    return { id: admin.id, username: admin.username, displayName: admin.displayName, role: admin.role };
  }
}

@Injectable()
export class AdminGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly access: AdminAccess,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const roles = this.reflector.getAllAndOverride<AdminRole[] | undefined>(ROLES_KEY, targets) ?? [];
    const beforeTotpSetup = this.reflector.getAllAndOverride<boolean | undefined>(SETUP_KEY, targets) ?? false;
    await this.access.check(context.switchToHttp().getRequest<FastifyRequest>(), roles, { beforeTotpSetup });
    return true;
  }
}

/** The signed-in admin (behind `@AdminRoles(...)`); never read an admin id from the body. */
export const CurrentAdmin = createParamDecorator((_data: unknown, ctx: ExecutionContext): SessionAdmin => {
  const req = ctx.switchToHttp().getRequest<FastifyRequest>();
  if (!req.admin) throw new AppError(ADMIN_MSG.loginRequired, HttpStatus.UNAUTHORIZED);
  return req.admin;
});

/**
 * The same check as a Fastify hook for routes outside Nest's (Bull Board at /admin/queues):
 * answers 401 / 403 in the envelope, else lets the request through with `req.admin` set.
 * The admin session runs on /admin/queues (configureSessions).
 */
export function adminOnly(access: AdminAccess, roles: readonly AdminRole[]) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    try {
      await access.check(req, roles);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      await reply.code(err.getStatus()).send(err.getResponse());
    }
  };
}
