import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { AdminAccess, type ResolvedAdmin } from '../../common/auth/admin-auth';
import '../../common/auth/session.types';
import { ADMIN_ROLES } from '../../common/validation/admin';
import type { AdminRole } from '../../common/api/admin';
import { AUTH_CONFIG, type AuthConfig } from '../../config/auth-config';
import { Admin } from './entities/admin.entity';
import { startOver } from '../auth/session/session-store';
import { AdminSessions } from './admin-sessions';

/**
 * `AdminAccess` on the `admins` table: the session's admin id, checked on every request against
 * the account row (active, same `session_version`, a known role), so a disable, a password reset or
 * a role change applies at once.
 */
@Injectable()
export class StaffAdminAccess extends AdminAccess {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(AUTH_CONFIG) private readonly auth: AuthConfig,
    private readonly sessions: AdminSessions,
  ) {
    super();
  }

  async resolve(req: FastifyRequest): Promise<ResolvedAdmin | null> {
    const s = req.session as FastifyRequest['session'] | null;
    const id = s?.adminId;
    if (!s || typeof id !== 'number') return null;
    const row = await this.ds.getRepository(Admin).findOne({
      where: { id },
      select: { id: true, username: true, display_name: true, role: true, is_active: true, session_version: true, totp_enabled: true },
    });
    if (!row || row.is_active !== 1 || row.session_version !== s.adminVersion || !isRole(row.role)) {
      // Starts over as an empty session (stored only if something is put in it, e.g. a new login).
      await startOver(req, this.sessions.getStore()).catch(() => undefined);
      return null;
    }
    const admin = { id: row.id, username: row.username, displayName: row.display_name, role: row.role };
    req.admin = admin;
    return { ...admin, totpEnabled: row.totp_enabled === 1, mustSetupTotp: this.mustSetupTotp(row.role, row.totp_enabled === 1) };
  }

  mustSetupTotp(role: string, totpEnabled: boolean): boolean {
    return this.auth.admin.ownerTotpRequired && role === 'owner' && !totpEnabled;
  }
}

function isRole(role: string): role is AdminRole {
  return (ADMIN_ROLES as readonly string[]).includes(role);
}
