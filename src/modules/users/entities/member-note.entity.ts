import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt } from '../../../database/columns';

/** A note staff keep on a member (會員管理 → 備註), never shown to the member. */
@Entity('member_notes')
@Index('idx_member_notes_user', ['user_id', 'id'])
export class MemberNote {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  user_id: number;

  @Column({ type: 'int' })
  admin_id: number;

  @Column({ type: 'varchar', length: 500 })
  content: string;

  @CreatedAt()
  created_at: Date;
}
