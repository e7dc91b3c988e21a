import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../../../database/columns';

/** Server-side session store for the embedded default (production keeps sessions in Redis). */
@Entity('sessions')
@Index('idx_sessions_expires', ['expires_at'])
@Index('idx_sessions_user', ['user_id'])
@Index('idx_sessions_admin', ['admin_id'])
export class Session {
  /** The session id (random, at most 128 characters). */
  @PrimaryColumn({ type: 'varchar', length: 128 })
  id: string;

  /** Serialized session data (JSON text). */
  @Column({ type: 'text' })
  data: string;

  @Column({ type: 'datetime', precision: 3 })
  expires_at: Date;

  @Column({ type: 'int', nullable: true })
  user_id: number | null;

  @Column({ type: 'int', nullable: true })
  admin_id: number | null;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
