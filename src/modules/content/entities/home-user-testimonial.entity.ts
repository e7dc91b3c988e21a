import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, FlagColumn, UpdatedAt } from '../../../database/columns';

/** User testimonial (image 800×800 and a review text) for the home marquee. */
@Entity('home_user_testimonials')
@Index('idx_home_testimonials_active_sort', ['is_active', 'sort_order'])
export class HomeUserTestimonial {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 500 })
  image_url: string;

  @Column({ type: 'varchar', length: 1000, default: '' })
  review: string;

  @Column({ type: 'int', default: 0 })
  sort_order: number;

  @FlagColumn(1)
  is_active: number;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
