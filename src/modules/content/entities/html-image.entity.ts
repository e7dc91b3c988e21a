import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, UpdatedAt } from '../../../database/columns';

/** An image slot of a content page (e.g. aboutVersion / aboutImg000), updated by version_page_type + image_type. */
@Entity('html_images')
@Index('uq_html_images_page_image', ['version_page_type', 'image_type'], { unique: true })
export class HtmlImage {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  title: string;

  @Column({ type: 'varchar', length: 50 })
  version_page_type: string;

  @Column({ type: 'varchar', length: 50 })
  image_type: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  image_url: string;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
