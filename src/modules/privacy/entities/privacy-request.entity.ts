import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt } from '../../../database/columns';

/**
 * The personal-data log staff see (個資法 art. 3, issue 22 §4): each export and each deletion, kept
 * after the account is gone (`user_id` is the former id; `phone_hint` a masked phone, 0912***678, so
 * staff can answer "did you delete me?" without keeping the number).
 */
@Entity('privacy_requests')
@Index('idx_privacy_created', ['created_at'])
@Index('idx_privacy_user', ['user_id'])
export class PrivacyRequest {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  user_id: number;

  /** 'export' | 'delete' */
  @Column({ type: 'varchar', length: 10 })
  kind: string;

  @Column({ type: 'varchar', length: 20, default: '' })
  phone_hint: string;

  /** How the member confirmed a deletion: 'password' | 'code'; '' for an export. */
  @Column({ type: 'varchar', length: 10, default: '' })
  confirmed_by: string;

  @Column({ type: 'varchar', length: 64, default: '' })
  ip: string;

  @CreatedAt()
  created_at: Date;
}
