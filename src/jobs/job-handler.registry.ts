import { Injectable } from '@nestjs/common';
import { JOB_DEFINITIONS, JobHandlerFn, JobName, JobOf, QueueName } from './job-types';

/**
 * One processor per job name. Filled at module init from `@JobHandler` methods (and by
 * `register` for code that builds handlers itself); both drivers dispatch through it.
 */
@Injectable()
export class JobHandlerRegistry {
  private readonly handlers = new Map<JobName, JobHandlerFn>();

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

  async dispatch(job: JobOf): Promise<void> {
    const handler = this.handlers.get(job.name);
    if (!handler) throw new Error(`No handler registered for job "${job.name}"`);
    await handler(job);
  }
}
