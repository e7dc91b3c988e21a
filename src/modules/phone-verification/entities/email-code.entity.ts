import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTimeColumn } from '../../../database/columns';

/** A one-time e-mail code (stored hashed), e.g. purpose 'change' for the new-e-mail flow. */
@Entity('email_codes')
@Index('idx_email_codes_lookup', ['email', 'purpose', 'created_at'])
@Index('idx_email_codes_ip', ['ip', 'created_at'])
export class EmailCode {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 255 })
  email: string;

  @Column({ type: 'varchar', length: 20 })
  purpose: string;

  /** The member who asked for the code (the new address is not yet theirs). */
  @Column({ type: 'int', nullable: true })
  user_id: number | null;

  @Column({ type: 'varchar', length: 255 })
  code_hash: string;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ type: 'datetime', precision: 3 })
  expires_at: Date;

  @DateTimeColumn()
  consumed_at: Date | null;

  @Column({ type: 'varchar', length: 45, default: '' })
  ip: string;

  @CreatedAt()
  created_at: Date;
}
