import { Injectable, Logger } from '@nestjs/common';
import { JOB_DEFINITIONS, JobHandlerFn, JobName, JobOf, QueueName } from './job-types';

/**
 * One processor per job name. Filled at module init from `@JobHandler` methods (and by
 * `register` for code that builds handlers itself); both drivers dispatch through it.
 */
/** What a job is when it settles, for listeners (the outbox marks its row). */
export interface SettledJob {
  id: string;
  name: string;
  queue: string;
}

/** Told when a job completes, and when it fails for good (out of attempts, or stalled too often). */
export interface JobLifecycleListener {
  /**
   * Before the handler runs: false skips it (the work is already done); a throw fails this
   * attempt (retried after its backoff). The outbox claims its row here.
   */
  starting?(job: SettledJob): Promise<boolean>;
  /** The handler threw: let go of what `starting` took. */
  released?(job: SettledJob): Promise<void>;
  completed?(job: SettledJob): Promise<void>;
  failed?(job: SettledJob, error: string): Promise<void>;
}

@Injectable()
export class JobHandlerRegistry {
  private readonly logger = new Logger('Jobs');
  private readonly handlers = new Map<JobName, JobHandlerFn>();
  private readonly listeners: JobLifecycleListener[] = [];

  addListener(listener: JobLifecycleListener): void {
    this.listeners.push(listener);
  }

  register<N extends JobName>(name: N, handler: JobHandlerFn<N>, owner = 'anonymous'): void {
    if (this.handlers.has(name)) {
      throw new Error(`A handler for job "${name}" is already registered (second one from ${owner})`);
    }
    // Stored type-erased; dispatch() only ever passes a JobOf<N> to the handler registered for N.
    this.handlers.set(name, handler as unknown as JobHandlerFn);
  }

  has(name: JobName): boolean {
    return this.handlers.has(name);
  }

  /** Queues that have at least one handler in this process: the only ones workers consume. */
  queuesWithHandlers(): QueueName[] {
    return [...new Set([...this.handlers.keys()].map((name) => JOB_DEFINITIONS[name].queue))];
  }

  /** Runs the job's handler; once it succeeded, tells the listeners (their errors are logged, not the job's). */
  async dispatch(job: JobOf): Promise<void> {
    const handler = this.handlers.get(job.name);
    if (!handler) throw new Error(`No handler registered for job "${job.name}"`);
    const settled: SettledJob = { id: job.id, name: job.name, queue: job.queue };
    for (const listener of this.listeners) {
      if (listener.starting && !(await listener.starting(settled))) return;
    }
    try {
      await handler(job);
    } catch (err) {
      for (const listener of this.listeners) {
        await listener.released?.(settled).catch((e: Error) => this.logger.error(`job ${job.name} #${job.id}: release failed: ${e.message}`));
      }
      throw err;
    }
    await this.notify('completed', settled);
  }

  /** Called by the drivers when a job ends `failed` for good. */
  notifyFailed(job: SettledJob, error: string): Promise<void> {
    return this.notify('failed', job, error);
  }

  private async notify(event: 'completed' | 'failed', job: SettledJob, error = ''): Promise<void> {
    for (const listener of this.listeners) {
      try {
        if (event === 'completed') await listener.completed?.(job);
        else await listener.failed?.(job, error);
      } catch (err) {
        this.logger.error(`job ${job.name} #${job.id}: ${event} listener failed: ${(err as Error).message}`);
      }
    }
  }
}
