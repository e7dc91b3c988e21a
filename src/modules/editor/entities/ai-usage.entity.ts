import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { UpdatedAt } from '../../../database/columns';

/** AI rewrite calls per admin per Taipei day, for the per-admin quota. */
@Entity('ai_usage')
@Index('uq_ai_usage_admin_day', ['admin_id', 'day'], { unique: true })
export class AiUsage {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  admin_id: number;

  /** YYYY-MM-DD in Asia/Taipei. */
  @Column({ type: 'varchar', length: 10 })
  day: string;

  @Column({ type: 'int', default: 0 })
  count: number;

  @UpdatedAt()
  updated_at: Date;
}
