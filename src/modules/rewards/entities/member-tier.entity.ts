import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { UpdatedAt } from '../../../database/columns';

/** 會員等級 (spec 4 §3, §9): the highest whose threshold the 12-month net paid spend reaches. */
@Entity('member_tiers')
export class MemberTier {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 20 })
  name: string;

  /** 12-month net paid spend (NT$) from which the tier applies; the first tier is 0. */
  @Column({ type: 'int', default: 0 })
  threshold: number;

  /** Percent of the net goods amount earned as points (0–20). */
  @Column({ type: 'int', default: 1 })
  earn_rate: number;

  /** Tier discount, percent (0 = none, up to 50): a stackable promotion of its own. */
  @Column({ type: 'int', default: 0 })
  discount_percent: number;

  @Column({ type: 'int', default: 0 })
  sort_order: number;

  @UpdatedAt()
  updated_at: Date;
}
