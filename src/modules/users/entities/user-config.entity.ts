import { Column, Entity, Index, JoinColumn, OneToOne, PrimaryGeneratedColumn } from 'typeorm';
import { UpdatedAt } from '../../../database/columns';
import { User } from './user.entity';

/** Checkout defaults remembered per member (spec 2 §3 user config). */
@Entity('user_configs')
@Index('uq_user_configs_user', ['user_id'], { unique: true })
export class UserConfig {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  user_id: number;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  /** Shipping method id (1–5); 4 (home delivery) is the checkout default. */
  @Column({ type: 'int', default: 4 })
  default_shipping: number;

  @Column({ type: 'int', default: 0 })
  selected_home_addr_index: number;

  @Column({ type: 'int', default: 0 })
  selected_cvs_addr_index: number;

  @Column({ type: 'varchar', length: 8, default: '' })
  default_mobile_barcode: string;

  @Column({ type: 'varchar', length: 16, default: '' })
  default_citizen_barcode: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  default_company_name: string;

  @Column({ type: 'varchar', length: 8, default: '' })
  default_tax_id: string;

  @UpdatedAt()
  updated_at: Date;
}
