import { Column, Entity, PrimaryColumn } from 'typeorm';
import { UpdatedAt } from '../../../database/columns';

/**
 * The points rules owners edit at /admin/tiers (one row, id 1). A null column means "the env default"
 * (spec 4 §9: POINTS_MAX_PERCENT, POINTS_EXPIRE_MONTHS, POINTS_WELCOME, POINTS_BIRTHDAY, REVIEW_POINTS,
 * REVIEW_PHOTO_POINTS).
 */
@Entity('points_rules')
export class PointsRules {
  @PrimaryColumn({ type: 'int' })
  id: number;

  @Column({ type: 'int', nullable: true })
  max_percent: number | null;

  @Column({ type: 'int', nullable: true })
  expire_months: number | null;

  @Column({ type: 'int', nullable: true })
  welcome_points: number | null;

  @Column({ type: 'int', nullable: true })
  birthday_points: number | null;

  @Column({ type: 'int', nullable: true })
  review_points: number | null;

  @Column({ type: 'int', nullable: true })
  review_photo_points: number | null;

  @UpdatedAt()
  updated_at: Date;
}
