import { DynamicModule, Injectable, Module, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { BullmqJobQueue } from './bullmq-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';
import { JobHandlerExplorer } from './job-handler.explorer';
import { JobHandlerRegistry } from './job-handler.registry';
import { DriverOptions, JOB_DEFAULTS, JobDriver, JobQueue } from './job-queue';

export interface JobsModuleOptions {
  /** Set → BullMQ on Redis; unset → in-process driver (embedded mode). */
  redisUrl?: string;
  /** Run processors in this process (web in embedded mode, `start:worker` with Redis). */
  runWorkers: boolean;
  /** Base of the exponential retry backoff (default 10 s; tests use ~20 ms). */
  backoffDelayMs?: number;
  /** Longest wait between attempts (default 2 h). */
  backoffMaxDelayMs?: number;
  /** BullMQ stalled-job check interval and lock duration (default 30 s each; fault tests ~1 s). */
  stalledIntervalMs?: number;
  lockDurationMs?: number;
  /** Redis key prefix (default `skinshop`). */
  prefix?: string;
  /** Default total attempts per job (default 22). */
  attempts?: number;
  /** Jobs run at once per queue (default 2). */
  concurrency?: number;
}

/** Starts the workers once every module's handlers are registered; stops them before the database closes. */
@Injectable()
class JobsLifecycle implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(private readonly driver: JobDriver) {}

  onApplicationBootstrap(): Promise<void> {
    return this.driver.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.driver.close();
  }
}

export function createJobDriver(options: JobsModuleOptions, registry: JobHandlerRegistry): JobDriver {
  const driverOptions: DriverOptions = {
    runWorkers: options.runWorkers,
    backoffDelayMs: positive(options.backoffDelayMs ?? JOB_DEFAULTS.backoffDelayMs, 'backoffDelayMs', 0),
    backoffMaxDelayMs: positive(options.backoffMaxDelayMs ?? JOB_DEFAULTS.backoffMaxDelayMs, 'backoffMaxDelayMs', 0),
    stalledIntervalMs: positive(options.stalledIntervalMs ?? JOB_DEFAULTS.stalledIntervalMs, 'stalledIntervalMs', 1),
    lockDurationMs: positive(options.lockDurationMs ?? JOB_DEFAULTS.lockDurationMs, 'lockDurationMs', 1),
    attempts: positive(options.attempts ?? JOB_DEFAULTS.attempts, 'attempts', 1),
    concurrency: positive(options.concurrency ?? JOB_DEFAULTS.concurrency, 'concurrency', 1),
  };
  if (!options.redisUrl) return new InProcessJobQueue(registry, driverOptions);
  // Loaded only with Redis: BullMQ is ~170 modules the embedded web process never needs (cold start).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { BullmqJobQueue: Bullmq } = require('./bullmq-job-queue') as { BullmqJobQueue: typeof BullmqJobQueue };
  return new Bullmq(registry, { ...driverOptions, redisUrl: options.redisUrl, prefix: options.prefix ?? 'skinshop' });
}

function positive(value: number, name: string, min: number): number {
  if (!Number.isInteger(value) || value < min) throw new RangeError(`JobsModule: ${name} must be an integer ≥ ${min}, got ${value}`);
  return value;
}

/**
 * Global: any provider may inject `JobQueue` and decorate methods with `@JobHandler(name)`.
 * `AppModule` imports `JobsModule.forRoot({ redisUrl, runWorkers, prefix })` once.
 */
@Module({})
export class JobsModule {
  static forRoot(options: JobsModuleOptions): DynamicModule {
    return {
      module: JobsModule,
      global: true,
      imports: [DiscoveryModule],
      providers: [
        JobHandlerRegistry,
        JobHandlerExplorer,
        { provide: JobDriver, useFactory: (registry: JobHandlerRegistry) => createJobDriver(options, registry), inject: [JobHandlerRegistry] },
        { provide: JobQueue, useExisting: JobDriver },
        JobsLifecycle,
      ],
      exports: [JobQueue, JobHandlerRegistry],
    };
  }
}
