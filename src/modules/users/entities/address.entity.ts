import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, FlagColumn, UpdatedAt } from '../../../database/columns';
import { User } from './user.entity';

/**
 * Address book entry (spec 2 §3): home delivery (city/district/zip/street) or a
 * convenience store (store_id/name/addr). At most 10 per member, one default per type.
 */
@Entity('addresses')
@Index('idx_addresses_user_type', ['user_id', 'shipping_type'])
export class Address {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  user_id: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  /** 'home' | 'seven' | 'family' | 'hilife'. */
  @Column({ type: 'varchar', length: 10 })
  shipping_type: string;

  @Column({ type: 'varchar', length: 10, default: '' })
  city: string;

  @Column({ type: 'varchar', length: 10, default: '' })
  district: string;

  @Column({ type: 'varchar', length: 6, default: '' })
  zip: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  street: string;

  @Column({ type: 'varchar', length: 20, default: '' })
  store_id: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  store_name: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  store_addr: string;

  @FlagColumn(0)
  is_default: number;

  /** Position in the member's list (the client shows the default first). */
  @Column({ type: 'int', default: 0 })
  sort_order: number;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
