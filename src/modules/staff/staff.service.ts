import { HttpStatus, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { StaffView } from '../../common/api/admin';
import type { SessionAdmin } from '../../common/auth/admin-auth';
import { AppError, NotFoundError } from '../../common/errors/app-error';
import { Transactions } from '../../common/transactions/transactions';
import { STAFF_MSG } from '../../common/validation/admin';
import { AuditTrail } from '../audit/audit-trail.service';
import { Admin } from './entities/admin.entity';
import { PasswordHasher } from '../auth/passwords';
import { isDuplicateKey } from '../users/db-errors';
import { AdminSessions } from './admin-sessions';
import type { CreateStaffDto, UpdateStaffDto } from './dto/staff.dto';
import { staffView } from './staff-views';
import { lockForWrite } from '../../database/db-dialect';

const ROLE_LABEL: Record<string, string> = { owner: '擁有者', staff: '客服人員', editor: '內容編輯' };

/**
 * Staff accounts (owner): list, add, change name / role / active, reset a password. Never
 * disables or demotes the acting owner, nor the last active owner; disabling or a password reset
 * ends that admin's sessions (session_version). Every change is audited with its before/after.
 */
@Injectable()
export class StaffService {
  constructor(
    private readonly tx: Transactions,
    private readonly hasher: PasswordHasher,
    private readonly sessions: AdminSessions,
    private readonly audit: AuditTrail,
  ) {}

  async list(): Promise<StaffView[]> {
    const rows = await this.tx.repo(Admin).find({ order: { id: 'ASC' } });
    return rows.map(staffView);
  }

  async create(me: SessionAdmin, dto: CreateStaffDto, ip: string): Promise<StaffView> {
    const hash = await this.hasher.hash(dto.password);
    try {
      return await this.insert(me, dto, hash, ip);
    } catch (err) {
      // Two owners adding the same username at once: the unique index decides.
      if (isDuplicateKey(err)) throw new AppError(STAFF_MSG.usernameTaken, HttpStatus.CONFLICT);
      throw err;
    }
  }

  private insert(me: SessionAdmin, dto: CreateStaffDto, hash: string, ip: string): Promise<StaffView> {
    return this.tx.run(async () => {
      const repo = this.tx.repo(Admin);
      if (await repo.exists({ where: { username: dto.username } })) throw new AppError(STAFF_MSG.usernameTaken, HttpStatus.CONFLICT);
      const row = await repo.save(repo.create({ username: dto.username, display_name: dto.display_name, role: dto.role, password_hash: hash, is_active: 1 }));
      await this.audit.record({
        admin: me,
        action: 'staff.create',
        entity: 'staff',
        entityId: row.id,
        after: { username: row.username, display_name: row.display_name, role: row.role, is_active: 1 },
        summary: `新增帳號 ${row.username}（${ROLE_LABEL[row.role] ?? row.role}）`,
        ip,
      });
      return staffView(row);
    });
  }

  async update(me: SessionAdmin, id: number, dto: UpdateStaffDto, ip: string): Promise<StaffView> {
    const view = await this.tx.run(async () => {
      // Owners first, always in id order: two owners demoting each other queue up instead of deadlocking.
      const owners = await this.lockActiveOwners();
      const row = await this.lockedRow(id);
      const before = { display_name: row.display_name, role: row.role, is_active: row.is_active };
      const after = {
        display_name: dto.display_name ?? row.display_name,
        role: dto.role ?? row.role,
        is_active: dto.is_active ?? row.is_active,
      };
      const demoted = row.role === 'owner' && after.role !== 'owner';
      const disabled = row.is_active === 1 && after.is_active === 0;
      if (row.id === me.id && (after.role !== row.role || disabled)) throw new AppError(STAFF_MSG.notSelf);
      if (row.role === 'owner' && row.is_active === 1 && (demoted || disabled) && owners.every((o) => o === row.id)) {
        throw new AppError(STAFF_MSG.lastOwner);
      }
      const patch: Partial<Admin> = { ...after };
      if (disabled) patch.session_version = row.session_version + 1;
      await this.tx.repo(Admin).update({ id: row.id }, patch);
      await this.audit.record({ admin: me, action: 'staff.update', entity: 'staff', entityId: row.id, before, after, summary: `修改帳號 ${row.username}`, ip });
      return staffView({ ...row, ...patch } as Admin);
    });
    if (view.is_active === 0) await this.sessions.deleteStored(id);
    return view;
  }

  /** A new password set by an owner: every session of that admin ends (the acting owner's own stays). */
  async resetPassword(me: SessionAdmin, id: number, password: string, req: FastifyRequest): Promise<StaffView> {
    const hash = await this.hasher.hash(password);
    const { view, version } = await this.tx.run(async () => {
      const row = await this.lockedRow(id);
      const version = row.session_version + 1;
      await this.tx.repo(Admin).update({ id: row.id }, { password_hash: hash, session_version: version });
      await this.audit.record({
        admin: me,
        action: 'staff.password-reset',
        entity: 'staff',
        entityId: row.id,
        changes: { password: ['***', '***'] },
        summary: `重設 ${row.username} 的密碼`,
        ip: req.ip,
      });
      return { view: staffView(row), version };
    });
    const self = id === me.id;
    if (self) req.session.adminVersion = version;
    await this.sessions.deleteStored(id, self ? req.session.sessionId : undefined);
    return view;
  }

  private async lockedRow(id: number): Promise<Admin> {
    const qb = this.tx.repo(Admin).createQueryBuilder('a').where('a.id = :id', { id });
    const row = await lockForWrite(qb).getOne();
    if (!row) throw new NotFoundError(STAFF_MSG.staffNotFound);
    return row;
  }

  /** The ids of the active owners, locked until the transaction ends. */
  private async lockActiveOwners(): Promise<number[]> {
    const qb = this.tx.repo(Admin).createQueryBuilder('a').select(['a.id']).where("a.role = 'owner' AND a.is_active = 1").orderBy('a.id', 'ASC');
    return (await lockForWrite(qb).getMany()).map((a) => a.id);
  }
}
