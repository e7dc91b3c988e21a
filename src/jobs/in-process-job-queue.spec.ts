import { InProcessJobQueue } from './in-process-job-queue';
import { JobHandlerRegistry } from './job-handler.registry';
import { DriverOptions, JOB_DEFAULTS } from './job-queue';
import { JobName, QueueName } from './job-types';

const OPTIONS: DriverOptions = { runWorkers: true, backoffDelayMs: 10, backoffMaxDelayMs: 60_000, stalledIntervalMs: 30_000, lockDurationMs: 30_000, attempts: 5, concurrency: 2 };

/** A gate a handler waits on, so a test decides when running jobs finish. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

async function until(predicate: () => boolean | Promise<boolean>, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('InProcessJobQueue', () => {
  let registry: JobHandlerRegistry;
  let queue: InProcessJobQueue;

  beforeEach(() => {
    registry = new JobHandlerRegistry();
  });
  afterEach(() => queue.close());

  it('runs at most `concurrency` jobs of a queue at once, other queues independently', async () => {
    const g = gate();
    let running = 0;
    let peak = 0;
    const mails: number[] = [];
    registry.register(JobName.MaintenanceDemo, async () => {
      running += 1;
      peak = Math.max(peak, running);
      await g.wait;
      running -= 1;
    });
    registry.register(JobName.MailContact, (job) => void mails.push(job.data.contactMessageId));
    queue = new InProcessJobQueue(registry, OPTIONS);
    await queue.start();
    for (let i = 0; i < 5; i++) await queue.add(JobName.MaintenanceDemo, { token: `c${i}` });
    await queue.add(JobName.MailContact, { contactMessageId: 7 });
    await until(() => mails.length === 1);
    const counts = await queue.getCounts();
    expect(counts[QueueName.Maintenance]).toMatchObject({ active: 2, waiting: 3 });
    g.open();
    await queue.whenIdle();
    expect(peak).toBe(2);
    expect((await queue.getCounts())[QueueName.Maintenance]).toMatchObject({ active: 0, waiting: 0, completed: 5 });
  });

  it('keeps only the newest completed jobs, and a trimmed id can be added again', async () => {
    const seen: string[] = [];
    registry.register(JobName.MaintenanceDemo, (job) => void seen.push(job.data.token));
    queue = new InProcessJobQueue(registry, OPTIONS);
    await queue.start();
    const total = JOB_DEFAULTS.keepCompletedCount + 5;
    for (let i = 0; i < total; i++) await queue.add(JobName.MaintenanceDemo, { token: `t${i}` }, { jobId: `trim:${i}` });
    await queue.whenIdle();
    expect((await queue.getCounts())[QueueName.Maintenance].completed).toBe(JOB_DEFAULTS.keepCompletedCount);
    const [newest] = await queue.listJobs(QueueName.Maintenance, 'completed', 1);
    expect(newest.id).toBe(`trim.${total - 1}`);
    await queue.add(JobName.MaintenanceDemo, { token: 'again' }, { jobId: 'trim:0' });
    await queue.add(JobName.MaintenanceDemo, { token: 'not-again' }, { jobId: `trim:${total - 1}` });
    await queue.whenIdle();
    expect(seen.slice(total)).toEqual(['again']);
  });

  it('without runWorkers only stores jobs, and whenIdle reports the backlog', async () => {
    const seen: string[] = [];
    registry.register(JobName.MaintenanceDemo, (job) => void seen.push(job.data.token));
    queue = new InProcessJobQueue(registry, { ...OPTIONS, runWorkers: false });
    await queue.start();
    await queue.add(JobName.MaintenanceDemo, { token: 'stored' });
    await expect(queue.whenIdle(30)).rejects.toThrow('Jobs still pending after 30 ms');
    expect(seen).toEqual([]);
    expect(await queue.listJobs(QueueName.Maintenance, 'waiting')).toMatchObject([{ state: 'waiting', data: { token: 'stored' } }]);
  });

  it('leaves jobs of queues without a handler in this process waiting', async () => {
    registry.register(JobName.MaintenanceDemo, () => undefined);
    queue = new InProcessJobQueue(registry, OPTIONS);
    await queue.start();
    await queue.add(JobName.InvoiceIssue, { orderId: 1 }, { jobId: 'invoice:1' });
    await queue.add(JobName.MaintenanceDemo, { token: 'x' });
    await expect(queue.whenIdle(50)).rejects.toThrow();
    expect((await queue.getCounts())[QueueName.Invoice]).toMatchObject({ waiting: 1, failed: 0 });
    expect((await queue.getCounts())[QueueName.Maintenance]).toMatchObject({ completed: 1 });
  });

  it('fails a job whose name has no handler, after its attempts', async () => {
    registry.register(JobName.MailContact, () => undefined);
    queue = new InProcessJobQueue(registry, OPTIONS);
    await queue.start();
    const { id } = await queue.add(JobName.MailVerificationCode, { email: 'a@example.com', code: '123456' }, { attempts: 2 });
    await queue.whenIdle();
    const [failed] = await queue.listJobs(QueueName.Mail, 'failed');
    expect(failed).toMatchObject({ id, attemptsMade: 2, failedReason: 'No handler registered for job "mail.verification-code"', data: '[redacted]' });
  });

  it('copies the payload, so later changes by the caller do not reach the job', async () => {
    const seen: string[] = [];
    registry.register(JobName.MaintenanceDemo, (job) => void seen.push(job.data.token));
    queue = new InProcessJobQueue(registry, OPTIONS);
    const payload = { token: 'original' };
    await queue.add(JobName.MaintenanceDemo, payload);
    payload.token = 'changed';
    await queue.start();
    await queue.whenIdle();
    expect(seen).toEqual(['original']);
  });

  it('close() lets the running job finish, drops pending retries and refuses new jobs', async () => {
    const g = gate();
    const finished: string[] = [];
    registry.register(JobName.MaintenanceDemo, async (job) => {
      if (job.data.token === 'slow') {
        await g.wait;
        finished.push('slow');
      } else throw new Error('retry me');
    });
    queue = new InProcessJobQueue(registry, { ...OPTIONS, backoffDelayMs: 60_000 });
    await queue.start();
    await queue.add(JobName.MaintenanceDemo, { token: 'slow' });
    await queue.add(JobName.MaintenanceDemo, { token: 'flaky' });
    await until(async () => (await queue.listJobs(QueueName.Maintenance, 'delayed')).length === 1);
    expect(finished).toEqual([]);
    const closing = queue.close();
    setTimeout(g.open, 20);
    await closing;
    expect(finished).toEqual(['slow']);
    await expect(queue.add(JobName.MaintenanceDemo, { token: 'late' })).rejects.toThrow('Job queue is closed');
  });

  it('rejects invalid attempts', async () => {
    queue = new InProcessJobQueue(registry, OPTIONS);
    await expect(queue.add(JobName.MaintenanceDemo, { token: 'x' }, { attempts: 0 })).rejects.toThrow(RangeError);
  });
});
