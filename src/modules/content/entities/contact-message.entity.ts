import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTimeColumn } from '../../../database/columns';

/** A message sent from the contact page (spec 1 §3), kept besides the e-mail to the shop. */
@Entity('contact_messages')
@Index('idx_contact_messages_created', ['created_at'])
export class ContactMessage {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 50 })
  name: string;

  @Column({ type: 'varchar', length: 255 })
  email: string;

  @Column({ type: 'varchar', length: 20, default: '' })
  phone: string;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'int', nullable: true })
  user_id: number | null;

  @Column({ type: 'varchar', length: 45, default: '' })
  ip: string;

  @CreatedAt()
  created_at: Date;

  /** When the shop's copy was handed to the mail server; a re-run of the job sends nothing then. */
  @DateTimeColumn()
  mailed_at: Date | null;
}
