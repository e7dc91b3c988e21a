import { Column, Entity, PrimaryColumn } from 'typeorm';
import { UpdatedAt } from '../../../database/columns';

/**
 * Version markers the client caches against: cart, settings, posters, home,
 * homeProducts, about and one per html page / page image. Bumped on every change.
 */
@Entity('content_versions')
export class ContentVersion {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  v_key: string;

  @Column({ type: 'varchar', length: 64 })
  v_value: string;

  @UpdatedAt()
  updated_at: Date;
}
