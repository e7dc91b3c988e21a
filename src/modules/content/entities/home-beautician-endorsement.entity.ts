import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, FlagColumn, UpdatedAt } from '../../../database/columns';

/** Professional beautician recommendation image (1050×1050) for the home marquee. */
@Entity('home_beautician_endorsements')
@Index('idx_home_endorsements_active_sort', ['is_active', 'sort_order'])
export class HomeBeauticianEndorsement {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 500 })
  image_url: string;

  @Column({ type: 'int', default: 0 })
  sort_order: number;

  @FlagColumn(1)
  is_active: number;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
