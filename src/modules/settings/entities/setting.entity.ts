import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { UpdatedAt } from '../../../database/columns';

/** General key/value settings (COMPANY_NAME, COMPANY_NAMEN, COMPANY_TAXID, …). */
@Entity('settings')
@Index('uq_settings_key', ['s_key'], { unique: true })
export class Setting {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  title: string;

  @Column({ type: 'varchar', length: 64 })
  s_key: string;

  @Column({ type: 'varchar', length: 1000, default: '' })
  s_value: string;

  /** Public settings reach the browser at start-up; private ones (API keys) never do. */
  @Column({ type: 'tinyint', default: 1 })
  is_public: number;

  @UpdatedAt()
  updated_at: Date;
}
