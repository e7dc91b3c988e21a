import { Column, Entity, PrimaryColumn } from 'typeorm';
import { UpdatedAt } from '../../../database/columns';

/**
 * A product's shown reviews counted (spec 4 §7 summary), kept in the transaction that publishes,
 * hides, shows or releases a review, so the product page never recounts: average = rating_sum / count.
 */
@Entity('review_summaries')
export class ReviewSummary {
  @PrimaryColumn({ type: 'int' })
  product_id: number;

  @Column({ type: 'int', default: 0 })
  count: number;

  @Column({ type: 'int', default: 0 })
  rating_sum: number;

  @Column({ type: 'int', default: 0 })
  star1: number;

  @Column({ type: 'int', default: 0 })
  star2: number;

  @Column({ type: 'int', default: 0 })
  star3: number;

  @Column({ type: 'int', default: 0 })
  star4: number;

  @Column({ type: 'int', default: 0 })
  star5: number;

  @Column({ type: 'int', default: 0 })
  with_photos: number;

  @UpdatedAt()
  updated_at: Date;
}
