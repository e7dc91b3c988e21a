import { Injectable } from '@nestjs/common';
import type { AuditEntryView } from '../../common/api/admin';
import type { SessionAdmin } from '../../common/auth/admin-auth';
import { Transactions } from '../../common/transactions/transactions';
import { AuditLog } from './entities/audit-log.entity';
import { auditLines } from './audit-sentences';

export interface AuditRecord {
  /** Who (null: the system, e.g. a job). */
  admin: SessionAdmin | null;
  /** e.g. `order.update-receiver`, `staff.create`. */
  action: string;
  /** e.g. `order`, `staff`, `notification_setting`. */
  entity: string;
  entityId: number | string;
  /** The fields before and after; only the changed ones are kept. */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** Changes given directly (field → [before, after]), merged with those of before/after. */
  changes?: Record<string, [unknown, unknown]>;
  /** A short zh-TW text for the screen. */
  summary?: string;
  ip?: string;
}

export interface AuditQuery {
  limit: number;
  offset: number;
  entity?: string;
  entityId?: string;
  adminId?: number;
}

/** Never kept in the trail, whatever a caller passes: secrets and session fields. */
const SECRET_FIELD = /pass(word)?|hash|secret|token|session|otp|totp_secret|cookie/i;

/**
 * The audit trail of admin writes: who, what, when, and the before/after of changed fields.
 * `record` joins the caller's transaction (Transactions), so the entry commits or rolls back with
 * the change it describes. Global (AuditModule): any module records through it.
 */
@Injectable()
export class AuditTrail {
  constructor(private readonly tx: Transactions) {}

  async record(r: AuditRecord): Promise<void> {
    const changes = { ...diff(r.before ?? {}, r.after ?? {}), ...(r.changes ?? {}) };
    for (const k of Object.keys(changes)) if (SECRET_FIELD.test(k)) changes[k] = ['***', '***'];
    await this.tx.repo(AuditLog).insert({
      admin_id: r.admin?.id ?? null,
      admin_username: (r.admin?.username ?? '').slice(0, 50),
      action: r.action.slice(0, 60),
      entity: r.entity.slice(0, 40),
      entity_id: String(r.entityId).slice(0, 64),
      // TypeORM's insert type cannot express a tuple record: the column is JSON.
      changes: changes as never,
      summary: (r.summary ?? '').slice(0, 255),
      ip: (r.ip ?? '').slice(0, 45),
    });
  }

  /** One entity's trail, newest first. */
  async history(entity: string, entityId: number | string, limit = 200): Promise<AuditEntryView[]> {
    const rows = await this.tx.repo(AuditLog).find({ where: { entity, entity_id: String(entityId) }, order: { id: 'DESC' }, take: limit });
    return rows.map(toView);
  }

  async list(q: AuditQuery): Promise<{ rows: AuditEntryView[]; total: number }> {
    const where: Record<string, unknown> = {};
    if (q.entity) where.entity = q.entity;
    if (q.entityId) where.entity_id = q.entityId;
    if (q.adminId !== undefined) where.admin_id = q.adminId;
    const [rows, total] = await this.tx.repo(AuditLog).findAndCount({ where, order: { id: 'DESC' }, take: q.limit, skip: q.offset });
    return { rows: rows.map(toView), total };
  }
}

/** Changed fields only: field → [before, after] (compared as JSON). */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const b = before[k] ?? null;
    const a = after[k] ?? null;
    if (JSON.stringify(b) !== JSON.stringify(a)) out[k] = [b, a];
  }
  return out;
}

function toView(r: AuditLog): AuditEntryView {
  let changes = r.changes ?? {};
  if (typeof changes === 'string') {
    try {
      changes = JSON.parse(changes) as Record<string, [unknown, unknown]>;
    } catch {
      changes = {};
    }
  }
  return {
    id: r.id,
    created_at: r.created_at.toISOString(),
    admin_id: r.admin_id,
    admin_username: r.admin_username,
    action: r.action,
    entity: r.entity,
    entity_id: r.entity_id,
    changes,
    lines: auditLines(changes),
    summary: r.summary,
  };
}
