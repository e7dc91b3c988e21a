import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import type { AdminCheckAnswer, AdminLoginAnswer, AdminLogoutAnswer, AdminRole, TotpSetupAnswer } from '../../common/api/admin';
import { AdminAccess, type SessionAdmin } from '../../common/auth/admin-auth';
import { AppError } from '../../common/errors/app-error';
import { GENERIC_TOO_MANY, ok } from '../../common/http/envelope';
import { RateLimiter, rateLimitRule, type RateLimitRule } from '../../common/rate-limit/rate-limiter';
import { AUTH_CONFIG, type AuthConfig } from '../../config/auth-config';
import { Transactions } from '../../common/transactions/transactions';
import { ADMIN_MSG, ADMIN_ROLES, STAFF_MSG } from '../../common/validation/admin';
import { AuditTrail } from '../audit/audit-trail.service';
import { Admin } from './entities/admin.entity';
import { PasswordHasher } from '../auth/passwords';
import { AdminCsrf } from './admin-csrf';
import { ADMIN_LOCK_FAILURES, AdminLockout } from './admin-lockout';
import { AdminSessions } from './admin-sessions';
import type { AdminLoginDto } from './dto/staff.dto';
import { StaffClock } from './staff-clock';
import { StaffTotp } from './staff-totp';
import { adminName } from './staff-views';

/**
 * Back-office sign-in (spec 3 §7 + issue 11): login with the lockout and delay (AdminLockout),
 * optional TOTP, remember-me; logout; the login check; TOTP setup for the signed-in admin.
 */
@Injectable()
export class StaffAuthService {
  /** Failed admin logins per client IP across accounts (LOGIN_IP_FAILURES_PER_HOUR). */
  private readonly sourceRule: RateLimitRule;
  /** Current-password checks of a signed-in admin: 5 per 15 minutes. */
  private readonly passwordCheckRule = rateLimitRule('admin-password-check', 5, 15 * 60);

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly tx: Transactions,
    private readonly hasher: PasswordHasher,
    private readonly lockout: AdminLockout,
    private readonly sessions: AdminSessions,
    private readonly csrf: AdminCsrf,
    private readonly access: AdminAccess,
    private readonly totp: StaffTotp,
    private readonly clock: StaffClock,
    private readonly audit: AuditTrail,
    private readonly limiter: RateLimiter,
    @Inject(AUTH_CONFIG) auth: AuthConfig,
  ) {
    this.sourceRule = rateLimitRule('admin-login-ip', auth.login.ipFailures, auth.login.ipWindowMinutes * 60);
  }

  async login(req: FastifyRequest, reply: FastifyReply, dto: AdminLoginDto): Promise<AdminLoginAnswer> {
    const username = dto.username.trim().toLowerCase();
    const ip = req.ip ?? '';
    // One source trying many accounts (each within its own 5 a day): LOGIN_IP_FAILURES_PER_HOUR, as for members.
    const source = await this.limiter.peek(this.sourceRule, ip);
    if (source.remaining === 0) throw new AppError(GENERIC_TOO_MANY, HttpStatus.TOO_MANY_REQUESTS);
    const attempt = await this.lockout.begin(username, ip);
    if (attempt.locked) throw locked();
    await this.clock.sleep(attempt.delayMs);

    const admin = await this.repo().findOne({ where: { username } });
    const passwordOk = await this.hasher.verify(admin?.password_hash, dto.password);
    if (!admin || !passwordOk || admin.is_active !== 1 || !isRole(admin.role)) return this.failed(admin, username, ip, ADMIN_MSG.wrongCredentials);

    if (admin.totp_enabled === 1) {
      if (!dto.otp) {
        // The password was right: not a failure, but no session without the code.
        await this.lockout.cancel(attempt.attemptId);
        throw new AppError(ADMIN_MSG.otpRequired, HttpStatus.UNAUTHORIZED, { needOtp: true });
      }
      const secret = this.totp.open(admin.totp_secret);
      const step = secret ? await this.totp.check(secret, dto.otp, admin.totp_last_step) : null;
      // Conditional: the same code used twice at once passes only once.
      const taken =
        step !== null &&
        ((await this.repo().createQueryBuilder().update(Admin).set({ totp_last_step: step }).where('id = :id AND totp_last_step < :step', { id: admin.id, step }).execute()).affected ?? 0) > 0;
      if (!taken) return this.failed(admin, username, ip, ADMIN_MSG.otpWrong, { needOtp: true });
    }

    await this.lockout.succeeded(username, ip);
    // A new session id (an id planted before login is worthless), then the admin in it.
    await req.session.regenerate();
    req.session.adminId = admin.id;
    req.session.adminVersion = admin.session_version;
    this.sessions.startLifetime(req, dto.rememberMe === true);
    await req.session.save();

    const me: SessionAdmin = { id: admin.id, username: admin.username, displayName: admin.display_name, role: admin.role };
    await this.tx.run(async () => {
      await this.tx.repo(Admin).update({ id: admin.id }, { last_login_at: this.clock.now() });
      await this.audit.record({ admin: me, action: 'admin.login', entity: 'staff', entityId: admin.id, summary: '登入後台', ip });
    });
    return ok(
      {
        adminname: adminName(admin),
        role: admin.role,
        csrfToken: this.csrf.token(req, reply, true),
        ...(this.access.mustSetupTotp(admin.role, admin.totp_enabled === 1) ? { mustSetupTotp: true } : {}),
      },
      STAFF_MSG.loggedIn,
    );
  }

  async logout(req: FastifyRequest, reply: FastifyReply): Promise<AdminLogoutAnswer> {
    if (req.session) await req.session.destroy();
    this.sessions.clearCookie(reply);
    return ok({ csrfToken: this.csrf.token(req, reply, true) }, STAFF_MSG.loggedOut);
  }

  async check(req: FastifyRequest): Promise<AdminCheckAnswer> {
    const a = await this.access.resolve(req);
    if (!a) return ok({ isLoggedIn: false });
    return ok({ isLoggedIn: true, adminname: adminName(a), role: a.role, mustSetupTotp: a.mustSetupTotp, totpEnabled: a.totpEnabled });
  }

  csrfToken(req: FastifyRequest, reply: FastifyReply): { csrfToken: string } {
    return { csrfToken: this.csrf.token(req, reply) };
  }

  /** A new (pending) secret for the signed-in admin; on only after `enableTotp` with a code from it. */
  async setupTotp(me: SessionAdmin): Promise<TotpSetupAnswer> {
    const row = await this.mine(me);
    if (row.totp_enabled === 1) throw new AppError(STAFF_MSG.totpAlreadyOn);
    const secret = this.totp.newSecret();
    await this.repo().update({ id: row.id }, { totp_secret: this.totp.seal(secret) });
    return ok({ secret, ...(await this.totp.provisioning(row.username, secret)) });
  }

  async enableTotp(me: SessionAdmin, code: string, ip: string): Promise<void> {
    const row = await this.mine(me);
    if (row.totp_enabled === 1) throw new AppError(STAFF_MSG.totpAlreadyOn);
    const secret = row.totp_secret ? this.totp.open(row.totp_secret) : null;
    if (!secret) throw new AppError(STAFF_MSG.totpNotSetUp);
    const step = await this.totp.check(secret, code, row.totp_last_step);
    if (step === null) throw new AppError(ADMIN_MSG.otpWrong);
    await this.tx.run(async () => {
      await this.tx.repo(Admin).update({ id: row.id }, { totp_enabled: 1, totp_last_step: step });
      await this.audit.record({ admin: me, action: 'staff.totp-enable', entity: 'staff', entityId: row.id, before: { totp_enabled: false }, after: { totp_enabled: true }, summary: '啟用兩步驟驗證', ip });
    });
  }

  async disableTotp(me: SessionAdmin, code: string, ip: string): Promise<void> {
    const row = await this.mine(me);
    if (row.totp_enabled !== 1) return;
    if (this.access.mustSetupTotp(row.role, false)) throw new AppError(STAFF_MSG.totpRequiredForOwner, HttpStatus.FORBIDDEN);
    const secret = this.totp.open(row.totp_secret);
    const step = secret ? await this.totp.check(secret, code, row.totp_last_step) : null;
    if (step === null) throw new AppError(ADMIN_MSG.otpWrong);
    await this.tx.run(async () => {
      await this.tx.repo(Admin).update({ id: row.id }, { totp_enabled: 0, totp_secret: '', totp_last_step: step });
      await this.audit.record({ admin: me, action: 'staff.totp-disable', entity: 'staff', entityId: row.id, before: { totp_enabled: true }, after: { totp_enabled: false }, summary: '關閉兩步驟驗證', ip });
    });
  }

  private async mine(me: SessionAdmin): Promise<Admin> {
    const row = await this.repo().findOne({ where: { id: me.id } });
    if (!row) throw new AppError(ADMIN_MSG.loginRequired, HttpStatus.UNAUTHORIZED);
    return row;
  }

  /** A failed attempt: the lockout answer once this was the 5th today from this IP (the lock is audited). */
  private async failed(admin: Admin | null, username: string, ip: string, message: string, extra: Record<string, unknown> = {}): Promise<never> {
    await this.limiter.penalty(this.sourceRule, ip);
    const failures = await this.lockout.failuresToday(username, ip);
    if (failures < ADMIN_LOCK_FAILURES) throw new AppError(message, HttpStatus.UNAUTHORIZED, extra);
    if (admin && failures === ADMIN_LOCK_FAILURES) {
      await this.tx.run(() =>
        this.audit.record({
          admin: null,
          action: 'admin.locked',
          entity: 'staff',
          entityId: admin.id,
          summary: `帳號 ${admin.username} 自 ${ip} 登入失敗 ${ADMIN_LOCK_FAILURES} 次，此來源鎖定至今天 24:00`,
          ip,
        }),
      );
    }
    throw locked();
  }

  /** The signed-in admin changes their own password (the current one first): other sessions end, this one stays. */
  async changeOwnPassword(me: SessionAdmin, currentPassword: string, newPassword: string, req: FastifyRequest): Promise<void> {
    const checks = await this.limiter.consume(this.passwordCheckRule, String(me.id));
    if (!checks.allowed) throw new AppError(GENERIC_TOO_MANY, HttpStatus.TOO_MANY_REQUESTS);
    const row = await this.mine(me);
    if (!(await this.hasher.verify(row.password_hash, currentPassword))) throw new AppError(STAFF_MSG.currentPasswordWrong);
    if (currentPassword === newPassword) throw new AppError(STAFF_MSG.samePassword);
    const hash = await this.hasher.hash(newPassword);
    const version = row.session_version + 1;
    await this.tx.run(async () => {
      await this.tx.repo(Admin).update({ id: row.id }, { password_hash: hash, session_version: version });
      await this.audit.record({ admin: me, action: 'staff.password-change', entity: 'staff', entityId: row.id, changes: { password: ['***', '***'] }, summary: '變更自己的密碼', ip: req.ip });
    });
    req.session.adminVersion = version;
    await this.limiter.reset(this.passwordCheckRule, String(me.id));
    await this.sessions.deleteStored(row.id, req.session.sessionId);
  }

  /** Owner: turns another admin's two-factor off (a lost phone); that admin's sessions end. */
  async resetTotp(me: SessionAdmin, id: number, ip: string): Promise<void> {
    const row = await this.repo().findOne({ where: { id } });
    if (!row) throw new AppError(STAFF_MSG.staffNotFound, HttpStatus.NOT_FOUND);
    await this.tx.run(async () => {
      await this.tx.repo(Admin).update({ id }, { totp_enabled: 0, totp_secret: '', session_version: row.session_version + 1 });
      await this.audit.record({
        admin: me,
        action: 'staff.totp-reset',
        entity: 'staff',
        entityId: id,
        before: { totp_enabled: row.totp_enabled === 1 },
        after: { totp_enabled: false },
        summary: `重設 ${row.username} 的兩步驟驗證`,
        ip,
      });
    });
    await this.sessions.deleteStored(id);
  }

  private repo() {
    return this.ds.getRepository(Admin);
  }
}

function locked(): AppError {
  return new AppError(ADMIN_MSG.locked, HttpStatus.TOO_MANY_REQUESTS, { isOut: true });
}

function isRole(role: string): role is AdminRole {
  return (ADMIN_ROLES as readonly string[]).includes(role);
}
