import 'reflect-metadata';
import { Injectable } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { JobHandler } from './job-handler.decorator';
import { JobHandlerRegistry } from './job-handler.registry';
import { backoffDelay, resolveAdd, storedJobId } from './job-queue';
import { JobName, type JobOf, QueueName } from './job-types';
import { JobsModule } from './jobs.module';

const DEFAULTS = { runWorkers: true, backoffDelayMs: 1000, backoffMaxDelayMs: 60_000, stalledIntervalMs: 30_000, lockDurationMs: 30_000, attempts: 5, concurrency: 2 };

function job<N extends JobName>(name: N, data: JobOf<N>['data']): JobOf<N> {
  return { id: '1', name, queue: QueueName.Maintenance, data, attempt: 1, maxAttempts: 1 };
}

describe('JobHandlerRegistry', () => {
  it('dispatches to the registered handler and knows which queues it serves', async () => {
    const registry = new JobHandlerRegistry();
    const seen: string[] = [];
    registry.register(JobName.MaintenanceDemo, (j) => void seen.push(j.data.token));
    registry.register(JobName.InvoiceIssue, () => undefined);
    await registry.dispatch(job(JobName.MaintenanceDemo, { token: 'hello' }));
    expect(seen).toEqual(['hello']);
    expect(registry.queuesWithHandlers().sort()).toEqual([QueueName.Invoice, QueueName.Maintenance]);
  });

  it('refuses a second handler for the same job and fails jobs without one', async () => {
    const registry = new JobHandlerRegistry();
    registry.register(JobName.MaintenanceDemo, () => undefined, 'First.demo');
    expect(() => registry.register(JobName.MaintenanceDemo, () => undefined, 'Second.demo')).toThrow(
      'A handler for job "maintenance.demo" is already registered (second one from Second.demo)',
    );
    await expect(registry.dispatch(job(JobName.TelegramNotify, { settingType: 'order', text: 'x' }))).rejects.toThrow(
      'No handler registered for job "telegram.notify"',
    );
  });
});

describe('@JobHandler discovery', () => {
  @Injectable()
  class First {
    @JobHandler(JobName.PaymentsReconcile)
    reconcile(_job: JobOf<'payments.reconcile'>): void {}
  }
  @Injectable()
  class Second {
    @JobHandler(JobName.PaymentsReconcile)
    again(_job: JobOf<'payments.reconcile'>): void {}
  }

  it('registers decorated provider methods bound to their instance', async () => {
    @Injectable()
    class Counter {
      count = 0;
      @JobHandler(JobName.PaymentsReconcile)
      reconcile(j: JobOf<'payments.reconcile'>): void {
        this.count += j.data.olderThanMinutes;
      }
    }
    const moduleRef = await Test.createTestingModule({ imports: [JobsModule.forRoot({ runWorkers: false })], providers: [Counter] }).compile();
    await moduleRef.init();
    await moduleRef.get(JobHandlerRegistry).dispatch(job(JobName.PaymentsReconcile, { olderThanMinutes: 30 }));
    expect(moduleRef.get(Counter).count).toBe(30);
    await moduleRef.close();
  });

  it('fails start-up when two providers handle the same job', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [JobsModule.forRoot({ runWorkers: false })], providers: [First, Second] }).compile();
    // Nothing to close: the in-process driver without workers holds no timers or connections.
    await expect(moduleRef.init()).rejects.toThrow('A handler for job "payments.reconcile" is already registered');
  });

  it('rejects invalid module options at start-up', async () => {
    const build = Test.createTestingModule({ imports: [JobsModule.forRoot({ runWorkers: false, concurrency: 0 })] }).compile();
    await expect(build).rejects.toThrow('JobsModule: concurrency must be an integer ≥ 1, got 0');
  });
});

describe('job id and option rules', () => {
  it('stores ids BullMQ accepts, the same in both drivers', () => {
    expect(storedJobId('invoice:42')).toBe('invoice.42');
    expect(storedJobId('42')).toBe('id.42');
    expect(storedJobId('shipping-ticket.9')).toBe('shipping-ticket.9');
    expect(() => storedJobId('')).toThrow(RangeError);
  });

  it('backs off exponentially from the base delay', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(1000, n))).toEqual([1000, 2000, 4000, 8000]);
  });

  it('routes each job to its queue with its sensitivity unless overridden', () => {
    expect(resolveAdd(JobName.SmsSend, {}, DEFAULTS)).toEqual({ queue: 'sms', jobId: undefined, delayMs: 0, attempts: 5, sensitive: true });
    expect(resolveAdd(JobName.MailVerificationCode, {}, DEFAULTS).sensitive).toBe(true);
    expect(resolveAdd(JobName.InvoiceIssue, { jobId: 'invoice:7', attempts: 8, delayMs: 12.7 }, DEFAULTS)).toEqual({
      queue: 'invoice',
      jobId: 'invoice.7',
      delayMs: 12,
      attempts: 8,
      sensitive: false,
    });
    expect(() => resolveAdd(JobName.InvoiceIssue, { attempts: 1.5 }, DEFAULTS)).toThrow('attempts must be a positive integer, got 1.5');
  });
});
