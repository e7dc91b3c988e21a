import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, FlagColumn, UpdatedAt } from '../../../database/columns';

/** Certificate shown on the home page (image 390×550, title, description). */
@Entity('home_certificates')
@Index('idx_home_certificates_active_sort', ['is_active', 'sort_order'])
export class HomeCertificate {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 500 })
  image_url: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  title: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  description: string;

  @Column({ type: 'int', default: 0 })
  sort_order: number;

  @FlagColumn(1)
  is_active: number;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
