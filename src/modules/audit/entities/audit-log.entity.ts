import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, JsonColumn } from '../../../database/columns';

/**
 * One admin write: who (id and the username at that time), what (`action` on `entity` #`entity_id`),
 * when, and the changed fields' before/after (`changes`: field → [before, after]). Append-only.
 */
@Entity('audit_logs')
@Index('idx_audit_logs_entity', ['entity', 'entity_id', 'id'])
@Index('idx_audit_logs_admin', ['admin_id', 'id'])
@Index('idx_audit_logs_created', ['created_at'])
export class AuditLog {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int', nullable: true })
  admin_id: number | null;

  @Column({ type: 'varchar', length: 50, default: '' })
  admin_username: string;

  @Column({ type: 'varchar', length: 60 })
  action: string;

  @Column({ type: 'varchar', length: 40 })
  entity: string;

  @Column({ type: 'varchar', length: 64, default: '' })
  entity_id: string;

  @JsonColumn()
  changes: Record<string, [unknown, unknown]> | null;

  @Column({ type: 'varchar', length: 255, default: '' })
  summary: string;

  @Column({ type: 'varchar', length: 45, default: '' })
  ip: string;

  @CreatedAt()
  created_at: Date;
}
