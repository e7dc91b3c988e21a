import { Entity, PrimaryColumn } from 'typeorm';
import { DateTimeColumn } from '../../../database/columns';

/**
 * A member's server cart (spec 4 §3 Server cart, issue 22 §3): its lines are member_cart_items.
 * `touched_at`: the member's last change (the reminder counts from it); `reminded_at`: the last cart
 * reminder (at most one per 7 days, and none for the same untouched cart twice).
 */
@Entity('member_carts')
export class MemberCart {
  @PrimaryColumn({ type: 'int' })
  user_id: number;

  @DateTimeColumn()
  touched_at: Date | null;

  @DateTimeColumn()
  reminded_at: Date | null;
}
