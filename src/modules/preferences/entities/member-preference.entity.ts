import { Column, Entity, PrimaryColumn } from 'typeorm';
import { DateTimeColumn, FlagColumn, UpdatedAt } from '../../../database/columns';

/**
 * A member's choices (spec 4 §3 Member preferences, issue 22 §1): where order news goes
 * (`notify_channel`: 'line' | 'sms' | 'email') and the marketing opt-ins, each with the time it was
 * last given or withdrawn. A member without a row has the defaults: order news by SMS, no marketing.
 * Every change also appends a consent_records row (the proof: when, what, from where).
 */
@Entity('member_preferences')
export class MemberPreference {
  @PrimaryColumn({ type: 'int' })
  user_id: number;

  @Column({ type: 'varchar', length: 10, default: 'sms' })
  notify_channel: string;

  @FlagColumn(0)
  marketing_email: number;

  @FlagColumn(0)
  marketing_line: number;

  /** When marketing_email was last set (given or withdrawn). */
  @DateTimeColumn()
  marketing_email_at: Date | null;

  @DateTimeColumn()
  marketing_line_at: Date | null;

  @UpdatedAt()
  updated_at: Date;
}
