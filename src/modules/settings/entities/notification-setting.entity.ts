import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { FlagColumn, UpdatedAt } from '../../../database/columns';

/** Which staff alerts go to Telegram (spec 3 §3 notification setting). */
@Entity('notification_settings')
@Index('uq_notification_settings_type', ['setting_type'], { unique: true })
export class NotificationSetting {
  @PrimaryGeneratedColumn()
  id: number;

  /** Stable key, e.g. 'new_order', 'payment_completed', 'order_cancelled', 'low_stock'. */
  @Column({ type: 'varchar', length: 50 })
  setting_type: string;

  @Column({ type: 'varchar', length: 100 })
  setting_name: string;

  @FlagColumn(0)
  is_telegram: number;

  @UpdatedAt()
  updated_at: Date;
}
