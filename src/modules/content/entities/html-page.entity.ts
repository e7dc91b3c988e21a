import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, LongTextColumn, UpdatedAt } from '../../../database/columns';

/**
 * An HTML content block or page, keyed by html_type (txthtml001, home_001, home_002,
 * productreturns, privacypolicy, termsofservice, partnerinquiry, maskCare, skincareTips).
 * version_page_type names the content_versions key bumped when it changes.
 */
@Entity('html_pages')
@Index('uq_html_pages_type', ['html_type'], { unique: true })
export class HtmlPage {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  title: string;

  @LongTextColumn()
  detail_html: string | null;

  @Column({ type: 'varchar', length: 50 })
  html_type: string;

  @Column({ type: 'varchar', length: 50 })
  version_page_type: string;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
