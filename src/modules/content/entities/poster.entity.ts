import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, FlagColumn, LongTextColumn, UpdatedAt } from '../../../database/columns';

/**
 * Skincare-knowledge poster (spec 3 §3). The API's camelCase fields map to:
 * coverImage → cover_image, layoutType → layout_type, imageWidth → image_width,
 * textAnimation → text_animation, imageAnimation → image_animation.
 */
@Entity('posters')
@Index('idx_posters_active', ['is_active'])
export class Poster {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 150 })
  title: string;

  @Column({ type: 'varchar', length: 300, default: '' })
  seo_description: string;

  @LongTextColumn()
  content: string | null;

  @Column({ type: 'varchar', length: 500, default: '' })
  cover_image: string;

  /** 'image-left' | 'image-right' | 'full-width'. */
  @Column({ type: 'varchar', length: 20, default: 'image-left' })
  layout_type: string;

  /** Image width in percent. */
  @Column({ type: 'int', default: 50 })
  image_width: number;

  /** '' | 'fade-left' | 'fade-right' | 'fade-up' | 'zoom-in'. */
  @Column({ type: 'varchar', length: 20, default: '' })
  text_animation: string;

  @Column({ type: 'varchar', length: 20, default: '' })
  image_animation: string;

  @FlagColumn(1)
  is_active: number;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
