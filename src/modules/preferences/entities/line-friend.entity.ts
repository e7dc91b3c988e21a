import { Entity, PrimaryColumn } from 'typeorm';
import { DateTimeColumn, FlagColumn, UpdatedAt } from '../../../database/columns';

/**
 * Who is a friend of the shop's LINE Official Account (issue 22 §2), by Messaging API userId, as the
 * webhook's follow / unfollow events (and LINE Login's friendship_status_changed) tell. Kept apart
 * from members: a follow may arrive before the member binds LINE. A member gets LINE messages when a
 * user_identities row (provider 'line') links them to a `line_user_id` whose `friend` is 1.
 */
@Entity('line_friends')
export class LineFriend {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  line_user_id: string;

  @FlagColumn(0)
  friend: number;

  /** Last follow / unfollow (or a push answered "blocked") time. */
  @DateTimeColumn()
  changed_at: Date | null;

  @UpdatedAt()
  updated_at: Date;
}
