import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTimeColumn } from '../../../database/columns';

/** A one-time SMS code (stored hashed), e.g. purpose 'register', 'forgot', 'change'. */
@Entity('phone_codes')
@Index('idx_phone_codes_lookup', ['phone', 'purpose', 'created_at'])
@Index('idx_phone_codes_ip', ['ip', 'created_at'])
export class PhoneCode {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 20 })
  phone: string;

  @Column({ type: 'varchar', length: 20 })
  purpose: string;

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
