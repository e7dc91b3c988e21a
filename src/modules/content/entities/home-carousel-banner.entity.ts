import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, FlagColumn, UpdatedAt } from '../../../database/columns';

/** Home carousel slide: desktop image 1920×450, mobile image 853×1280; smaller sort_order first. */
@Entity('home_carousel_banners')
@Index('idx_home_banners_active_sort', ['is_active', 'sort_order'])
export class HomeCarouselBanner {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 500 })
  image_url: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  phone_url: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  ctitle: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  description: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  link_url: string;

  @Column({ type: 'int', default: 0 })
  sort_order: number;

  @FlagColumn(1)
  is_active: number;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
