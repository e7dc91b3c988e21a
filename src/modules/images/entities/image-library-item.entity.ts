import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt } from '../../../database/columns';

/** An uploaded image in the library (spec 3 §3 image library item). */
@Entity('image_library')
@Index('uq_image_library_storage_key', ['storage_key'], { unique: true })
@Index('idx_image_library_folder_created', ['folder', 'created_at'])
@Index('idx_image_library_name', ['name'])
export class ImageLibraryItem {
  @PrimaryGeneratedColumn()
  id: number;

  /** Original file name as uploaded (shown and searched). */
  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  folder: string;

  /** The storage driver's object key (local path under the media dir or S3 key). */
  @Column({ type: 'varchar', length: 300 })
  storage_key: string;

  /** Public URL (relative like /media/… for local storage). */
  @Column({ type: 'varchar', length: 500 })
  url: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  thumb_url: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  mime: string;

  /** Bytes. */
  @Column({ type: 'int', default: 0 })
  size: number;

  @Column({ type: 'int', default: 0 })
  width: number;

  @Column({ type: 'int', default: 0 })
  height: number;

  /** admins.id of the uploader. */
  @Column({ type: 'int', nullable: true })
  uploaded_by: number | null;

  @CreatedAt()
  created_at: Date;
}
