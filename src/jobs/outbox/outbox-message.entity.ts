import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTimeColumn, JsonColumn } from '../../database/columns';

/** Where an outbox row is: written → handed to the queue → its job completed, or ran out of attempts. */
export const OutboxState = { Pending: 'pending', Queued: 'queued', Done: 'done', Failed: 'failed' } as const;
export type OutboxState = (typeof OutboxState)[keyof typeof OutboxState];

/**
 * The transactional outbox: a job whose loss matters, written in the same transaction as the
 * data that caused it. The dispatcher hands it to the queue (`queued`), re-hands on start and
 * on sweeps whatever never completed (the queue may have lost it: in-process driver after a
 * crash, Redis restarted without persistence), and the job's completion marks it `done`.
 */
@Entity('outbox_messages')
@Index('uq_outbox_job', ['job_id'], { unique: true })
@Index('idx_outbox_state', ['state', 'id'])
export class OutboxMessage {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 64 })
  job_name: string;

  /** The queue's job id (stored form, see storedJobId): the same job is never queued twice. */
  @Column({ type: 'varchar', length: 191 })
  job_id: string;

  @JsonColumn()
  payload: unknown;

  @Column({ type: 'int', nullable: true })
  attempts: number | null;

  @Column({ type: 'varchar', length: 16, default: OutboxState.Pending })
  state: OutboxState;

  /** How many times the dispatcher handed it to the queue. */
  @Column({ type: 'int', default: 0 })
  dispatch_count: number;

  @DateTimeColumn()
  dispatched_at: Date | null;

  @DateTimeColumn()
  finished_at: Date | null;

  /**
   * A run of its job holds the row until then (Outbox.claim): a second run of the same job
   * meanwhile (a stalled lock re-run, a re-hand after Redis lost the job) waits instead of
   * doing the work twice.
   */
  @DateTimeColumn()
  claimed_until: Date | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  last_error: string | null;

  @CreatedAt()
  created_at: Date;
}
